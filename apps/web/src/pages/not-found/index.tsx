import { Button } from 'antd-mobile';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { NavBar } from '../../components/nav-bar';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <NavBar title={t('notFound.title')} back />
      <EmptyState image={<QuestionCircleOutline />} title={t('notFound.title')} description={t('notFound.description')}>
        <Button color="primary" onClick={() => navigate('/', { replace: true })}>
          {t('notFound.home')}
        </Button>
      </EmptyState>
    </>
  );
}
