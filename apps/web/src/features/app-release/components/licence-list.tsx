import { Collapse } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { QueryGate } from '../../../components/query-gate';
import { useLicences } from '../api/get-licences';
import styles from './app-release.module.css';

/** The open-source packages of this build with their licences, from the list the build generated. */
export function LicenceList() {
  const { t } = useTranslation();
  const licences = useLicences();
  return (
    <QueryGate query={licences} errorTitle={t('release.about.licences.loadError')} compact>
      {(list) => (
        <>
          <p className={`${styles.muted} ${styles.body}`} data-testid="licence-count">
            {t('release.about.licences.intro', { packages: list.length })}
          </p>
          <Collapse data-testid="licence-list">
            {list.map((licence) => (
              <Collapse.Panel
                key={`${licence.name}@${licence.version}`}
                title={
                  <span className={styles.licenceTitle}>
                    {/* One token, as npm writes it (a bare "decimal.js" reads like an untranslated key); a name, never translated. */}
                    <span className={styles.licenceName} translate="no">{`${licence.name}@${licence.version}`}</span>
                    <span className={styles.licenceMeta} translate="no">
                      {licence.license}
                    </span>
                  </span>
                }
              >
                {/* Licences are legal texts in the language their authors wrote them in: marked so, not translated. */}
                {licence.licenseText ? (
                  <pre className={styles.licenceText} lang="en" translate="no">
                    {licence.licenseText}
                  </pre>
                ) : (
                  <pre className={styles.licenceText}>{t('release.about.licences.noText', { license: licence.license })}</pre>
                )}
              </Collapse.Panel>
            ))}
          </Collapse>
        </>
      )}
    </QueryGate>
  );
}
