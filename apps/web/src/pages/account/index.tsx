import { APP_VERSION } from '@wallet/contract';
import { List } from 'antd-mobile';
import { LinkOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { Section } from '../../components/section';
import { LanguagePicker } from '../../features/settings/components/language-picker';
import { ServerStatus } from '../../features/system/components/server-status';
import { useAppStore } from '../../lib/store';
import styles from './account.module.css';

export default function AccountPage() {
  const { t } = useTranslation();
  const serverUrl = useAppStore((state) => state.serverUrl);
  const docsUrl = `${serverUrl.replace(/\/+$/, '')}/docs`;

  return (
    <>
      <NavBar title={t('tabs.account')} />
      <PageBody>
        <LanguagePicker />
        <Section title={t('account.about.title')}>
          <List>
            <List.Item extra={<span className={styles.version}>{APP_VERSION}</span>}>{t('account.about.version')}</List.Item>
            {/* Not `clickable`: that makes List.Item an <a> itself, and the real link is inside. */}
            <List.Item className={styles.linkItem} arrowIcon={<LinkOutline />} clickable={false}>
              <a className={styles.link} href={docsUrl} target="_blank" rel="noopener noreferrer">
                {t('account.about.docs')}
              </a>
            </List.Item>
          </List>
        </Section>
        <ServerStatus />
      </PageBody>
    </>
  );
}
