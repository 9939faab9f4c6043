import { Button } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';
import { FormCard } from './form-card';

type Props = { title: string; description: string; onSet: () => void; testId: string; cardTitle?: string };

/** What a money page shows instead of its form until the person has a payment password. */
export function PayPasswordRequired({ title, description, onSet, testId, cardTitle }: Props) {
  const { t } = useTranslation();
  return (
    <FormCard title={cardTitle}>
      <EmptyState image={<LockOutline />} title={title} description={description}>
        <Button color="primary" onClick={onSet} data-testid={testId}>
          {t('payPassword.setAction')}
        </Button>
      </EmptyState>
    </FormCard>
  );
}
