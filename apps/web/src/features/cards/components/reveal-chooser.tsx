import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { FormCard } from '../../../components/form-card';
import { LinkItem } from '../../../components/link-item';
import { QueryGate } from '../../../components/query-gate';
import { formatMoney } from '../../../lib/format';
import { useCards } from '../api/get-cards';
import { shortNumber } from './card-face';
import { useProductName } from './product-name';

/**
 * Which card's number and CVV to show, when the page was opened without one. Only open virtual cards:
 * a physical card's number is printed on the card itself, and the issuer does not hand it out again.
 */
export function RevealChooser() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const productName = useProductName();
  const cards = useCards();
  return (
    <QueryGate query={cards} errorTitle={t('cardPack.choose.loadError')} rows={3}>
      {({ cards: all }) => {
        const usable = all.filter((card) => card.type === 'virtual' && card.status === 'active');
        if (usable.length === 0)
          return (
            <div data-testid="reveal-choose-none">
              <EmptyState title={t('cardPack.choose.empty')} description={t('cardPack.choose.emptyText')}>
                <Button color="primary" size="small" onClick={() => navigate('/pages/cardNewSbc/index')}>
                  {t('cardPack.choose.openCard')}
                </Button>
              </EmptyState>
            </div>
          );
        return (
          <FormCard title={t('cardPack.reveal.chooseTitle')} description={t('cardPack.choose.hint')}>
            <List data-testid="reveal-choose">
              {usable.map((card) => (
                <LinkItem
                  key={card.id}
                  to={`/pages/app-cvv/index?id=${encodeURIComponent(card.id)}`}
                  description={`${t('cardPack.face.balance')} ${formatMoney(card.balance, card.currency)} ${card.currency}`}
                  testId="reveal-choose-item"
                >
                  {productName(card.product)} {shortNumber(card)}
                </LinkItem>
              ))}
            </List>
          </FormCard>
        );
      }}
    </QueryGate>
  );
}
