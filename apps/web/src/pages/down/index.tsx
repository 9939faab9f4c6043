import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { AndroidDownload } from '../../features/app-release/components/android-download';
import { AndroidOnlyNote } from '../../features/app-release/components/android-only-note';
import styles from '../../features/app-release/components/app-release.module.css';
import { InstallSteps } from '../../features/app-release/components/install-steps';
import { detectPlatform, type Platform } from '../../features/app-release/platform';

const PLATFORMS: readonly Platform[] = ['android', 'ios', 'desktop'];

/**
 * Getting the app: the Android package with its checksum, or on iPhone, iPad and computers the steps
 * to install the web app. Opens on the tab of the device it is read on; the others stay a tap away.
 */
export default function DownloadPage() {
  const { t } = useTranslation();
  const [platform, setPlatform] = useState<Platform>(() => detectPlatform(navigator.userAgent, navigator.maxTouchPoints));
  return (
    <>
      <NavBar title={t('release.download.title')} back />
      <PageBody>
        <AndroidOnlyNote className={styles.pageNote} />
        <div className={styles.tabs}>
          <Tabs activeKey={platform} onChange={(key) => setPlatform(key as Platform)} data-testid="download-tabs">
            {PLATFORMS.map((key) => (
              <Tabs.Tab key={key} title={<span data-testid={`download-tab-${key}`}>{t(`release.download.platforms.${key}`)}</span>}>
                {key === 'android' ? <AndroidDownload /> : <InstallSteps platform={key} />}
              </Tabs.Tab>
            ))}
          </Tabs>
        </div>
      </PageBody>
    </>
  );
}
