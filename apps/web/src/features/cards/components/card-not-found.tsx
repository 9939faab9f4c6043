import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api-client';

/** A card page opened without a card of the member's (no id, a mistyped one, someone else's): a way back. */
export function CardNotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="card-not-found">
      <EmptyState title={t('cardPack.notFound.title')} description={t('cardPack.notFound.text')}>
        <Button
          color="primary"
          size="small"
          onClick={() => navigate('/pages/wallet/index', { replace: true })}
          data-testid="card-not-found-back"
        >
          {t('cardPack.notFound.back')}
        </Button>
      </EmptyState>
    </div>
  );
}

export const isCardMissing = (error: unknown) => error instanceof ApiError && error.code === 'CARD_NOT_FOUND';
