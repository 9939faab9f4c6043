import type { ReadyReply } from '@wallet/contract';
import { Button, DotLoading, List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/section';
import { useErrorText } from '../../../lib/use-error-text';
import { useReadiness } from '../api/get-readiness';
import styles from './system.module.css';

type Check = ReadyReply['checks']['database'] | ReadyReply['checks']['migrations'];

const CHECK_CLASS: Record<Check, string | undefined> = {
  ok: styles.good,
  unreachable: styles.bad,
  pending: styles.unsure,
  unknown: styles.unsure,
};

/** What GET /readyz says: whether the server can serve, and which check holds it back. */
export function ServerStatus() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const readiness = useReadiness();

  const checkText = (check: Check) => <span className={`${styles.statusText} ${CHECK_CLASS[check]}`}>{t(`account.checks.${check}`)}</span>;

  return (
    <Section
      title={t('account.server.title')}
      action={
        <Button size="mini" fill="none" color="primary" loading={readiness.isFetching} onClick={() => void readiness.refetch()}>
          {t('account.server.checkAgain')}
        </Button>
      }
    >
      <List>
        {readiness.isPending ? (
          <List.Item extra={<DotLoading color="primary" />}>{t('account.server.status')}</List.Item>
        ) : readiness.isError ? (
          <List.Item
            description={errorText(readiness.error)}
            extra={
              <Tag color="danger" fill="outline">
                {t('account.server.unreachable')}
              </Tag>
            }
          >
            {t('account.server.status')}
          </List.Item>
        ) : (
          <>
            <List.Item
              extra={
                readiness.data.status === 'ready' ? (
                  <Tag color="success">{t('account.server.ready')}</Tag>
                ) : (
                  <Tag color="warning">{t('account.server.notReady')}</Tag>
                )
              }
            >
              {t('account.server.status')}
            </List.Item>
            <List.Item extra={checkText(readiness.data.checks.database)}>{t('account.server.database')}</List.Item>
            <List.Item extra={checkText(readiness.data.checks.migrations)}>{t('account.server.migrations')}</List.Item>
          </>
        )}
      </List>
    </Section>
  );
}
