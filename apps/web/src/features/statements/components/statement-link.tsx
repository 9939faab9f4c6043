import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The way to statements from a screen's navigation bar. */
export function StatementLink() {
  const { t } = useTranslation();
  return (
    <Link to="/pages/statement/index" aria-label={t('statements.open')} data-testid="open-statements">
      <FileOutline fontSize={22} aria-hidden="true" />
    </Link>
  );
}
