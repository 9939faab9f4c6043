import type { Card } from '@wallet/contract';
import { Button, List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { FormCard } from '../../../components/form-card';
import { LinkItem } from '../../../components/link-item';
import { QueryGate } from '../../../components/query-gate';
import { formatExactMoney } from '../../../lib/format';
import { useCards } from '../api/get-cards';
import { useProductName } from './product-name';

type Props = {
  title: string;
  /** The page to open for the chosen card, e.g. "/pages/rechargeCardSun/index" (the card goes in ?id=). */
  path: string;
  /** What the member is told when no card can be used yet, e.g. that a card is recharged once open. */
  noneText: string;
  testId?: string;
};

/**
 * The member's usable cards (open, KYC passed) to pick from, for a card page opened without one; with
 * a way to the card pack when there is none yet.
 */
export function ChooseCard({ title, path, noneText, testId = 'choose-card' }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cards = useCards();
  const productName = useProductName();
  return (
    <QueryGate query={cards} errorTitle={t('cardMoney.choose.loadError')} rows={3}>
      {({ cards: all }) => {
        const usable = all.filter((card: Card) => card.status === 'active');
        if (usable.length === 0)
          return (
            <EmptyState title={t('cardMoney.choose.none')} description={noneText}>
              <Button color="primary" size="small" onClick={() => navigate('/pages/wallet/index')} data-testid={`${testId}-none`}>
                {t('cardMoney.choose.toCards')}
              </Button>
            </EmptyState>
          );
        return (
          <FormCard title={title} description={t('cardMoney.choose.intro')}>
            <List data-testid={testId}>
              {usable.map((card) => (
                <LinkItem
                  key={card.id}
                  to={`${path}?id=${card.id}`}
                  testId={`${testId}-item`}
                  description={t('cardMoney.choose.balance', {
                    amount: formatExactMoney(card.balance, card.currency),
                    currency: card.currency,
                  })}
                  extra={card.frozen ? <Tag color="danger">{t('cardMoney.choose.frozen')}</Tag> : undefined}
                >
                  {productName(card.product)} {`•••• ${card.maskedNumber?.slice(-4) ?? '----'}`}
                </LinkItem>
              ))}
            </List>
          </FormCard>
        );
      }}
    </QueryGate>
  );
}
