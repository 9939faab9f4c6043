import { List, RefreshButton } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import type { proofFailureSchema } from '@wallet/contract';
import { Empty, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../components/date-time';
import { QueryError } from '../../components/query-error';
import { MemberLink } from '../ops/shared/member-link';
import { BOOKS_API, rowsOf } from './api';

type ProofFailure = ReturnType<(typeof proofFailureSchema)['parse']>;

/** The members' failed proof checks (GET books/proof-failures), newest first: who, which currency, what failed, when. */
export function ProofFailuresPage() {
  const { t } = useTranslation();
  const { query } = useCustom<{ items: ProofFailure[] } | ProofFailure[]>({
    url: BOOKS_API.proofFailures,
    method: 'get',
    errorNotification: false,
  });
  const refetch = () => void query.refetch();

  return (
    <List title={t('books.proofFailures.title')} headerButtons={<RefreshButton onClick={refetch} />}>
      <Typography.Paragraph type="secondary">{t('books.proofFailures.intro')}</Typography.Paragraph>
      {query.isError ? (
        <QueryError error={query.error} onRetry={refetch} />
      ) : (
        <Table<ProofFailure>
          size="small"
          rowKey="id"
          loading={query.isFetching}
          dataSource={rowsOf(query.data?.data)}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('books.proofFailures.empty')} /> }}
          columns={[
            { dataIndex: 'at', title: t('books.proofFailures.at'), render: (v: string) => <DateTime value={v} /> },
            { dataIndex: 'uid', title: t('books.proofFailures.uid'), render: (v: string) => <MemberLink uid={v} /> },
            { dataIndex: 'currency', title: t('books.proofFailures.currency') },
            {
              dataIndex: 'failure',
              title: t('books.proofFailures.failure'),
              render: (v: string | null) =>
                v ? (
                  <Typography.Text code translate="no">
                    {v}
                  </Typography.Text>
                ) : (
                  '—'
                ),
            },
            { dataIndex: 'cutoffAt', title: t('books.proofFailures.snapshot'), render: (v: string) => <DateTime value={v} /> },
          ]}
        />
      )}
    </List>
  );
}
