import type { Card } from '@wallet/contract';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { NavBar } from '../../../components/nav-bar';
import { PageBody } from '../../../components/page-body';
import { QueryGate } from '../../../components/query-gate';
import { useDrawnInTransition } from '../../../lib/use-drawn-in-transition';
import { useCard } from '../api/get-cards';
import { CardNotFound, isCardMissing } from './card-not-found';
import { useCardId } from './use-card-id';
import { useCardTextsFollowLanguage } from './use-language-refresh';

type Props = {
  title: ReactNode;
  rows?: number;
  /** What stands in when the page names no card; by default a way to the card pack. */
  withoutId?: ReactNode;
  children: (card: Card) => ReactNode;
};

/**
 * A page about the card named in its query (?id=...): the navigation bar, then a placeholder while the
 * card loads, a retry when it fails (a later refresh that fails keeps the page), "card not found" when
 * the card is not the member's, a way back to the card pack when no card was named, or the card.
 */
export function CardPage({ title, rows, withoutId, children }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useCardId();
  const card = useCard(id);
  // A card that comes after the page opened is drawn in a transition; until then QueryGate shows the placeholder.
  const drawn = useDrawnInTransition(card.data !== undefined);
  useCardTextsFollowLanguage();
  return (
    <>
      <NavBar back title={title} />
      <PageBody>
        {id && card.data && drawn ? (
          // Once loaded, a failed background refresh keeps the page as it is: a form half filled in,
          // or a recharge being followed, must not give way to an error screen.
          children(card.data)
        ) : id && isCardMissing(card.error) ? (
          <CardNotFound />
        ) : id ? (
          <QueryGate query={card} errorTitle={t('cards.loadError')} rows={rows}>
            {children}
          </QueryGate>
        ) : (
          (withoutId ?? (
            <EmptyState title={t('cards.noCardChosen')}>
              <Button color="primary" size="small" onClick={() => navigate('/pages/wallet/index')}>
                {t('cards.toCardPack')}
              </Button>
            </EmptyState>
          ))
        )}
      </PageBody>
    </>
  );
}
