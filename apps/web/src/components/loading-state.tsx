import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './states.module.css';

/** Placeholder rows in the shape of the content to come, announced to screen readers. */
export function LoadingState({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className={styles.skeleton} role="status" aria-busy="true">
      <span className="visually-hidden">{t('common.loading')}</span>
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={rows} animated />
    </div>
  );
}
