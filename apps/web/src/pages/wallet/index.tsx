import { LIMITS } from '@wallet/contract';
import { Button, Collapse } from 'antd-mobile';
import { AddCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { useCards } from '../../features/cards/api/get-cards';
import { CardFace, CardStageBar } from '../../features/cards/components/card-face';
import { isClosedOrFailed } from '../../features/cards/components/card-stage';
import { SandboxLink } from '../../features/cards/components/sandbox-link';
import { useCardTextsFollowLanguage } from '../../features/cards/components/use-language-refresh';
import { useSignedIn } from '../../lib/session';
import styles from './wallet.module.css';

const PRODUCTS_PATH = '/pages/cardNewSbc/index';

/** The card pack tab: my cards with masked number, balance and state, or what a card offers when there is none. */
export default function WalletPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const cards = useCards();
  useCardTextsFollowLanguage();
  const openCard = (
    <Button color="primary" size="small" onClick={() => navigate(PRODUCTS_PATH)} data-testid="open-card">
      {t('cards.openCard')}
    </Button>
  );
  // The nav bar's side holds an icon, as on the other pages: "open a card" is too long for it in most languages.
  const openAnotherCard = (
    <Link to={PRODUCTS_PATH} aria-label={t('cards.openCard')} title={t('cards.openCard')} data-testid="open-card">
      <AddCircleOutline fontSize={22} aria-hidden="true" />
    </Link>
  );
  if (signedIn && cards.isPending) return <LoadingState rows={4} />;
  if (signedIn && cards.isError)
    return <ErrorState title={t('errors.unexpected')} onRetry={() => void cards.refetch()} retrying={cards.isFetching} />;
  const list = cards.data?.cards ?? [];
  if (list.length > 0) {
    // A failed opening stays in the history, but out of the way of the cards that can be used.
    const closed = list.filter(isClosedOrFailed);
    const usable = list.filter((card) => !isClosedOrFailed(card));
    return (
      <>
        <NavBar title={t('tabs.wallet')} right={usable.length > 0 ? openAnotherCard : undefined} />
        <PageBody>
          {usable.length === 0 && (
            <div className={styles.panel}>
              <EmptyState title={t('cards.openFirst')} description={t('wallet.empty.description')}>
                {openCard}
              </EmptyState>
            </div>
          )}
          {usable.map((card) => (
            <div key={card.id} data-testid="usable-card">
              <CardFace card={card} />
              <CardStageBar card={card} />
            </div>
          ))}
          {closed.length > 0 && (
            <Collapse className={styles.closed} data-testid="closed-cards">
              <Collapse.Panel key="closed" title={t('cardPack.closedSection', { count: closed.length })}>
                {closed.map((card) => (
                  <CardFace key={card.id} card={card} />
                ))}
              </Collapse.Panel>
            </Collapse>
          )}
          <SandboxLink />
        </PageBody>
      </>
    );
  }
  return (
    <>
      <NavBar title={t('tabs.wallet')} />
      <PageBody>
        <div className={styles.panel}>
          <EmptyState
            image={<span className={styles.emptyCard} />}
            title={signedIn ? t('cards.openFirst') : t('wallet.empty.title')}
            description={t('wallet.empty.description')}
          >
            {signedIn && openCard}
          </EmptyState>
          <ul className={styles.kinds}>
            <li className={styles.kind}>
              <span className={`${styles.kindIcon} ${styles.virtual}`} aria-hidden="true" />
              <div>
                <h3 className={styles.kindTitle}>{t('wallet.empty.virtualTitle')}</h3>
                <p className={styles.kindText}>{t('wallet.empty.virtualText', { minutes: LIMITS.card.openingMinutes })}</p>
              </div>
            </li>
            <li className={styles.kind}>
              <span className={`${styles.kindIcon} ${styles.physical}`} aria-hidden="true" />
              <div>
                <h3 className={styles.kindTitle}>{t('wallet.empty.physicalTitle')}</h3>
                <p className={styles.kindText}>{t('wallet.empty.physicalText')}</p>
              </div>
            </li>
          </ul>
        </div>
      </PageBody>
    </>
  );
}
