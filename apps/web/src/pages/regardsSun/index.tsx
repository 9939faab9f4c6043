import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LinkItem } from '../../components/link-item';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { Section } from '../../components/section';
import styles from '../../features/app-release/components/app-release.module.css';
import { AppSummary } from '../../features/app-release/components/app-summary';
import { LicenceList } from '../../features/app-release/components/licence-list';
import { APP_PATHS } from '../../features/app-release/components/paths';

const TERMS = ['release.about.terms.p1', 'release.about.terms.p2', 'release.about.terms.p3', 'release.about.terms.p4'] as const;
const PRIVACY = ['release.about.privacy.p1', 'release.about.privacy.p2', 'release.about.privacy.p3', 'release.about.privacy.p4'] as const;

/** About: the company, the terms of service, the privacy policy, and the licences of the open-source parts. */
export default function AboutPage() {
  const { t } = useTranslation();
  return (
    <>
      <NavBar title={t('release.about.title')} back />
      <PageBody>
        <div className={styles.card}>
          <AppSummary tagline={t('release.about.tagline')} />
        </div>
        <Section title={t('release.about.company.title')}>
          <p className={`${styles.paragraph} ${styles.body}`}>{t('release.about.company.text')}</p>
          <List>
            <LinkItem to={APP_PATHS.service} testId="about-service">
              {t('release.about.company.contact')}
            </LinkItem>
            <LinkItem to={APP_PATHS.helpCentre} testId="about-help">
              {t('release.about.company.help')}
            </LinkItem>
          </List>
        </Section>
        <Section title={t('release.about.terms.title')}>
          <div className={styles.body} data-testid="about-terms">
            {TERMS.map((key) => (
              <p key={key} className={styles.paragraph}>
                {t(key)}
              </p>
            ))}
          </div>
        </Section>
        <Section title={t('release.about.privacy.title')}>
          <div className={styles.body} data-testid="about-privacy">
            {PRIVACY.map((key) => (
              <p key={key} className={styles.paragraph}>
                {t(key)}
              </p>
            ))}
          </div>
        </Section>
        <Section title={t('release.about.licences.title')}>
          <LicenceList />
        </Section>
      </PageBody>
    </>
  );
}
