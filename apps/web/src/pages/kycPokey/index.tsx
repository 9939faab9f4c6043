import { type Card, type KycStatusReply, LIMITS } from '@wallet/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DoneCard } from '../../components/done-card';
import { EmptyState } from '../../components/empty-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { QueryGate } from '../../components/query-gate';
import { useCards } from '../../features/cards/api/get-cards';
import { useKyc } from '../../features/cards/api/kyc';
import styles from '../../features/cards/components/cards.module.css';
import { useCardId } from '../../features/cards/components/use-card-id';
import { formatDateTime } from '../../lib/format';
import { useAppStore } from '../../lib/store';

/** The card KYC is about: the one named in ?id=, else the newest waiting for KYC, else the newest usable one. */
function cardFor(cards: Card[], id: string | null): Card | undefined {
  return (
    cards.find((c) => c.id === id) ??
    cards.find((c) => c.status === 'awaiting_kyc') ??
    cards.find((c) => c.status !== 'failed' && c.status !== 'opening')
  );
}

/** KYC status: none, in review, passed or failed (with the reason and a redo), with the spec's timing. */
export default function KycStatusPage() {
  const { t } = useTranslation();
  const kyc = useKyc();
  const cards = useCards();
  const id = useCardId();
  return (
    <>
      <NavBar back title={t('cards.kycStatus.title')} />
      <PageBody>
        <QueryGate query={kyc} errorTitle={t('cards.kycStatus.loadError')} rows={4}>
          {(state) => (
            <QueryGate query={cards} errorTitle={t('cards.loadError')} rows={2} compact>
              {(list) => <KycResult state={state} card={cardFor(list.cards, id)} />}
            </QueryGate>
          )}
        </QueryGate>
        <ul className={`${styles.notice} ${styles.guide}`} data-testid="kyc-guidance">
          <li>{t('cards.kycStatus.within', { minutes: LIMITS.card.kycAfterPurchaseMinutes })}</li>
          <li>{t('cards.kycStatus.review', LIMITS.card.kycReviewBusinessDays)}</li>
          <li>{t('cards.bind.afterKyc', { minutes: LIMITS.card.bindAfterKycMinutes })}</li>
        </ul>
      </PageBody>
    </>
  );
}

function KycResult({ state, card }: { state: KycStatusReply; card: Card | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useAppStore((s) => s.language);
  const to = (path: string) => () => navigate(card ? `${path}?id=${card.id}` : path);
  const title = t(`cards.kyc.status.${state.status}`);
  if (!card)
    return (
      <EmptyState title={t('cards.kycStatus.noCardTitle')} description={t('cards.kycStatus.noCardText')}>
        <Button color="primary" size="small" onClick={() => navigate('/pages/cardNewSbc/index')} data-testid="kyc-open-card">
          {t('cards.openCard')}
        </Button>
      </EmptyState>
    );
  switch (state.status) {
    case 'none':
      return (
        <DoneCard
          testId="kyc-result"
          status="info"
          title={title}
          description={t('cards.after.awaitingKyc', { minutes: LIMITS.card.kycAfterPurchaseMinutes })}
          action={t('cards.after.doKyc')}
          onAction={to('/pages/newKYC/index')}
          actionTestId="go-kyc"
        />
      );
    case 'in_progress':
      return (
        <DoneCard
          testId="kyc-result"
          status="waiting"
          title={title}
          description={
            <>
              {state.submittedAt && (
                <span className={styles.line}>
                  {t('cards.kycStatus.submittedAt', { time: formatDateTime(state.submittedAt, language) })}
                </span>
              )}
              <span className={styles.line}>{t('cards.kycStatus.autoRefresh')}</span>
            </>
          }
        />
      );
    case 'failed':
      return (
        <DoneCard
          testId="kyc-result"
          status="error"
          title={title}
          description={t('cards.kyc.failedReason', { reason: state.reason })}
          action={t('cards.kycStatus.redo')}
          onAction={to('/pages/newKYC/index')}
          actionTestId="kyc-redo"
        />
      );
    default: {
      const bindable = card.type === 'physical' && !card.boundAt && card.shippingStatus === 'delivered';
      return (
        <DoneCard
          testId="kyc-result"
          title={title}
          description={t('cards.kycStatus.passed')}
          action={bindable ? t('cards.bind.submit') : t('cards.after.toCard')}
          onAction={to(bindable ? '/pages/bindCardSun/index' : '/pages/cardBasic/index')}
          actionTestId={bindable ? 'go-bind' : 'go-card'}
        />
      );
    }
  }
}
