import { List } from '@refinedev/antd';
import { CanAccess } from '@refinedev/core';
import type { AdminAppReleaseListReply } from '@wallet/contract';
import { Alert, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { QueryError } from '../../../components/query-error';
import { MEMBER_DOWNLOAD_PAGE, OPS_API } from '../api';
import { EDIT_LANGUAGES } from '../shared/languages';
import { LOCAL_PAGING, useWholeList } from '../shared/whole-list';
import { ReleaseForm } from './release-form';

type Release = AdminAppReleaseListReply['releases'][number];

/** Every published app version, newest first (GET app/releases), publishing one, and the members' download page. */
export function ReleaseList() {
  const { t } = useTranslation();
  const { items, query } = useWholeList<Release>(OPS_API.releases, 'releases');
  const refetch = () => void query.refetch();
  if (query.isError) return <QueryError error={query.error} onRetry={refetch} />;
  const downloadPage = `${window.location.origin}${MEMBER_DOWNLOAD_PAGE}`;

  return (
    <List
      title={t('ops.releases.title')}
      headerButtons={
        <CanAccess resource="releases" action="create">
          <ReleaseForm onDone={refetch} />
        </CanAccess>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('ops.releases.downloadPage')}
        description={
          <Typography.Link href={downloadPage} target="_blank" rel="noopener noreferrer" copyable={{ text: downloadPage }}>
            {downloadPage}
          </Typography.Link>
        }
      />
      <Table<Release>
        rowKey="version"
        loading={query.isFetching}
        dataSource={items}
        pagination={LOCAL_PAGING}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowRender: (row) =>
            EDIT_LANGUAGES.filter((language) => row.notes[language]).map((language) => (
              <div key={language} style={{ marginBottom: 8 }}>
                <Tag>{t(`ops.languages.${language}`)}</Tag>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', display: 'inline' }}>{row.notes[language]}</Typography.Paragraph>
              </div>
            )),
        }}
        columns={[
          { dataIndex: 'version', title: t('ops.releases.version') },
          { dataIndex: 'minimumVersion', title: t('ops.releases.minimumVersion'), render: (v: string | null) => v ?? t('common.none') },
          {
            dataIndex: 'android',
            title: t('ops.releases.android'),
            render: (android: Release['android']) =>
              android ? (
                <Typography.Link
                  href={android.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  copyable={{ text: android.url }}
                  ellipsis
                  style={{ maxWidth: 300 }}
                >
                  {android.url}
                </Typography.Link>
              ) : (
                t('common.none')
              ),
          },
          { dataIndex: 'publishedAt', title: t('ops.releases.publishedAt'), render: (v: string) => <DateTime value={v} /> },
          {
            title: t('table.actions'),
            fixed: 'right',
            render: (_, row) => (
              <CanAccess resource="releases" action="edit">
                <ReleaseForm release={row} onDone={refetch} />
              </CanAccess>
            ),
          },
        ]}
      />
    </List>
  );
}
