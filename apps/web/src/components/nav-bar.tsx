import { NavBar as AdmNavBar } from 'antd-mobile';
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

/** The custom navigation bar every page starts with (PRODUCT_SPEC.md section 2). */
export function NavBar({ title, back = false, left, right }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation();

  // 'default' is the key of the first entry: there is no in-app page to go back to.
  const goBack = () => (location.key === 'default' ? navigate('/', { replace: true }) : navigate(-1));

  return (
    <header className={styles.bar}>
      <AdmNavBar
        back={back ? <span className="visually-hidden">{t('common.back')}</span> : null}
        backIcon={back}
        onBack={goBack}
        left={left}
        right={right}
      >
        <h1 className={styles.title}>{title}</h1>
      </AdmNavBar>
    </header>
  );
}
