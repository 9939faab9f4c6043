// antd-mobile's NavBar styles without its component: see NavBar below.
import 'antd-mobile/es/components/nav-bar/nav-bar.css';
import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import styles from './nav-bar.module.css';

type Props = {
  title: ReactNode;
  /** Show a back arrow: to the previous screen, or home when the page was opened directly. */
  back?: boolean;
  left?: ReactNode;
  right?: ReactNode;
};

/**
 * The custom navigation bar every page starts with (PRODUCT_SPEC.md section 2), in antd-mobile's
 * NavBar layout and classes. Its own markup because antd's wraps the left slot in role="button" even
 * without a back arrow and hides the back text from screen readers: an unnamed button on every page.
 * Here the back arrow is a real button named "Back" in the member's language.
 */
export function NavBar({ title, back = false, left, right }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation();

  // 'default' is the key of the first entry: there is no in-app page to go back to.
  const goBack = () => (location.key === 'default' ? navigate('/', { replace: true }) : navigate(-1));

  return (
    <header className={styles.bar}>
      <div className="adm-nav-bar">
        <div className="adm-nav-bar-left">
          {back && (
            <button type="button" className={`adm-nav-bar-back ${styles.back}`} onClick={goBack} aria-label={t('common.back')}>
              <span className="adm-nav-bar-back-arrow">
                <LeftOutline aria-hidden="true" />
              </span>
            </button>
          )}
          {left}
        </div>
        <div className="adm-nav-bar-title">
          <h1 className={styles.title}>{title}</h1>
        </div>
        <div className="adm-nav-bar-right">{right}</div>
      </div>
    </header>
  );
}
