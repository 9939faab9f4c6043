import type { Card } from '@wallet/contract';
import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DoneCard } from '../../components/done-card';
import { EmptyState } from '../../components/empty-state';
import { CardPage } from '../../features/cards/components/card-page';
import { formatDateTime } from '../../lib/format';
import { useAppStore } from '../../lib/store';

/** The result of binding a physical card, and the next step: its 6-digit PIN. */
export default function BoundPage() {
  const { t } = useTranslation();
  return (
    <CardPage title={t('cards.bound.title')} rows={4}>
      {(card) => <BoundResult card={card} />}
    </CardPage>
  );
}

function BoundResult({ card }: { card: Card }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useAppStore((state) => state.language);
  if (!card.boundAt)
    return (
      <EmptyState title={t('cards.bound.notYetTitle')} description={t('cards.bound.notYetText')}>
        <Button color="primary" size="small" onClick={() => navigate(`/pages/bindCardSun/index?id=${card.id}`)} data-testid="go-bind">
          {t('cards.bind.submit')}
        </Button>
      </EmptyState>
    );
  const next = card.pinSet
    ? { action: t('cards.after.toCard'), path: '/pages/cardBasic/index' }
    : { action: t('cards.physical.setPin'), path: '/pages/anfCardPass/index' };
  return (
    <DoneCard
      testId="bound-result"
      title={t('cards.bound.done')}
      description={card.pinSet ? t('cards.bound.ready') : t('cards.bound.pinNext')}
      action={next.action}
      onAction={() => navigate(`${next.path}?id=${card.id}`)}
    >
      <List>
        <List.Item extra={card.maskedNumber ?? '--'}>{t('cards.basic.number')}</List.Item>
        <List.Item extra={<span translate="no">{card.holderName}</span>}>{t('cards.basic.holder')}</List.Item>
        <List.Item extra={formatDateTime(card.boundAt, language)}>{t('cards.bound.boundAt')}</List.Item>
        <List.Item extra={card.pinSet ? t('cards.bound.pinSet') : t('cards.bound.pinNotSet')}>{t('cards.physical.pinTitle')}</List.Item>
      </List>
    </DoneCard>
  );
}
