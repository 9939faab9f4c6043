import { Button } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';

type Props = {
  title: ReactNode;
  description?: ReactNode;
  onRetry: () => void;
  retrying?: boolean;
  compact?: boolean;
};

/** A failure people can act on: what failed, why if we know, and a retry. */
export function ErrorState({ title, description, onRetry, retrying = false, compact = false }: Props) {
  const { t } = useTranslation();
  return (
    <EmptyState image={<ExclamationCircleOutline />} title={title} description={description} compact={compact}>
      <Button color="primary" fill="outline" size="small" loading={retrying} onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </EmptyState>
  );
}
