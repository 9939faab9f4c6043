import { APP_VERSION } from '@wallet/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LinkItem } from '../../components/link-item';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { QueryGate } from '../../components/query-gate';
import { Section } from '../../components/section';
import { useRelease } from '../../features/app-release/api/get-release';
import styles from '../../features/app-release/components/app-release.module.css';
import { AppSummary } from '../../features/app-release/components/app-summary';
import { APP_PATHS } from '../../features/app-release/components/paths';
import { ReleaseNotes } from '../../features/app-release/components/release-notes';
import { VersionStatus } from '../../features/app-release/components/version-status';

/** The version this app runs (1.50, from the contract), its build, and what is new (the operator's notes). */
export default function AppVersionPage() {
  const { t } = useTranslation();
  const release = useRelease();
  return (
    <>
      <NavBar title={t('release.version.title')} back />
      <PullToRefresh onRefresh={async () => void (await release.refetch())}>
        <PageBody>
          <div className={styles.card}>
            <AppSummary />
          </div>
          <QueryGate query={release} errorTitle={t('release.version.loadError')} compact>
            {(check) => (
              <>
                <div className={styles.card}>
                  <VersionStatus check={check} />
                </div>
                <Section title={t('release.version.whatsNew', { version: check.latest?.version ?? APP_VERSION })}>
                  {check.latest ? (
                    <ReleaseNotes release={check.latest} />
                  ) : (
                    <p className={`${styles.muted} ${styles.body}`}>{t('release.version.noNotes')}</p>
                  )}
                </Section>
              </>
            )}
          </QueryGate>
          <Section title={t('release.links.title')}>
            <List>
              <LinkItem to={APP_PATHS.update} testId="version-update">
                {t('release.version.update')}
              </LinkItem>
              <LinkItem to={APP_PATHS.download} testId="version-download">
                {t('release.version.download')}
              </LinkItem>
              <LinkItem to={APP_PATHS.about} testId="version-about">
                {t('release.version.about')}
              </LinkItem>
            </List>
          </Section>
        </PageBody>
      </PullToRefresh>
    </>
  );
}
