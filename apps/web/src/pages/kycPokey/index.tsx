import { type Card, type KycStatusReply, LIMITS } from '@wallet/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DoneCard } from '../../components/done-card';
import { EmptyState } from '../../components/empty-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { QueryGate } from '../../components/query-gate';
import { Section } from '../../components/section';
import { useCards } from '../../features/cards/api/get-cards';
import { useCardId } from '../../features/cards/components/use-card-id';
import { useKyc } from '../../features/kyc/api/kyc';
import { cardFor } from '../../features/kyc/card-for';
import styles from '../../features/kyc/kyc.module.css';
import { formatDateTime } from '../../lib/format';
import { useAppStore } from '../../lib/store';

/** KYC status: none, in review (since when), passed or failed (the reason and a redo), then what comes next. */
export default function KycStatusPage() {
  const { t } = useTranslation();
  const kyc = useKyc();
  const cards = useCards();
  const id = useCardId();
  return (
    <>
      <NavBar back title={t('kyc.status.title')} />
      <PageBody>
        <QueryGate query={kyc} errorTitle={t('kyc.status.loadError')} rows={4}>
          {(state) => (
            <QueryGate query={cards} errorTitle={t('cards.loadError')} rows={2} compact>
              {(list) => <KycResult state={state} card={cardFor(list.cards, id)} />}
            </QueryGate>
          )}
        </QueryGate>
        <Section title={t('kyc.status.next')}>
          <ul className={styles.guide} data-testid="kyc-guidance">
            <li>{t('kyc.status.within', { minutes: LIMITS.card.kycAfterPurchaseMinutes })}</li>
            <li>{t('kyc.status.review', LIMITS.card.kycReviewBusinessDays)}</li>
            <li>{t('kyc.status.bindAfter', { minutes: LIMITS.card.bindAfterKycMinutes })}</li>
          </ul>
        </Section>
      </PageBody>
    </>
  );
}

function KycResult({ state, card }: { state: KycStatusReply; card: Card | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useAppStore((s) => s.language);
  const to = (path: string) => () => navigate(card ? `${path}?id=${card.id}` : path);
  if (!card)
    return (
      <EmptyState title={t('kyc.status.noCardTitle')} description={t('kyc.status.noCardText')}>
        <Button color="primary" size="small" onClick={() => navigate('/pages/cardNewSbc/index')} data-testid="kyc-open-card">
          {t('kyc.status.openCard')}
        </Button>
      </EmptyState>
    );
  const sentAt = state.submittedAt ? formatDateTime(state.submittedAt, language) : null;
  const details = (
    <Section title={t('kyc.status.details')}>
      <dl className={styles.rows} data-testid="kyc-details">
        <div className={styles.row}>
          <dt>{t('kyc.status.state')}</dt>
          <dd>{t(`kyc.status.${state.status}`)}</dd>
        </div>
        {sentAt && state.status !== 'none' && (
          <div className={styles.row}>
            <dt>{t('kyc.status.sent')}</dt>
            <dd data-testid="kyc-sent-at">{sentAt}</dd>
          </div>
        )}
        {card.maskedNumber && (
          <div className={styles.row}>
            <dt>{t('kyc.status.card')}</dt>
            <dd translate="no">{card.maskedNumber}</dd>
          </div>
        )}
      </dl>
    </Section>
  );
  switch (state.status) {
    case 'none':
      return (
        <DoneCard
          testId="kyc-result"
          status="info"
          title={t('kyc.status.none')}
          description={t('kyc.status.noneText', { minutes: LIMITS.card.kycAfterPurchaseMinutes })}
          action={t('kyc.status.start')}
          onAction={to('/pages/newKYC/index')}
          actionTestId="go-kyc"
        />
      );
    case 'in_progress':
      return (
        <>
          <DoneCard
            testId="kyc-result"
            status="waiting"
            title={t('kyc.status.in_progress')}
            description={
              <>
                {sentAt && <span className={styles.line}>{t('kyc.status.sentAt', { time: sentAt })}</span>}
                <span className={styles.line}>{t('kyc.status.autoRefresh')}</span>
              </>
            }
          />
          {details}
        </>
      );
    case 'failed':
      return (
        <>
          <DoneCard
            testId="kyc-result"
            status="error"
            title={t('kyc.status.failed')}
            description={
              <>
                <span className={styles.line} data-testid="kyc-reason">
                  <IssuerReason reason={state.reason ?? ''} />
                </span>
                <span className={styles.line}>{t('kyc.status.failedText')}</span>
              </>
            }
            action={t('kyc.status.redo')}
            onAction={to('/pages/newKYC/index')}
            actionTestId="kyc-redo"
          />
          {details}
        </>
      );
    default: {
      const bindable = card.type === 'physical' && !card.boundAt && card.shippingStatus === 'delivered';
      return (
        <>
          <DoneCard
            testId="kyc-result"
            title={t('kyc.status.passed')}
            description={t('kyc.status.passedText')}
            action={bindable ? t('kyc.status.bind') : t('kyc.status.toCard')}
            onAction={to(bindable ? '/pages/bindCardSun/index' : '/pages/cardBasic/index')}
            actionTestId={bindable ? 'go-bind' : 'go-card'}
          />
          {details}
        </>
      );
    }
  }
}

const MARK = '\u241f';

/** The issuer's reason, in its own words (not ours to translate), inside the member-language sentence. */
function IssuerReason({ reason }: { reason: string }) {
  const { t } = useTranslation();
  const [before, after] = t('kyc.status.reason', { reason: MARK }).split(MARK);
  return (
    <>
      {before}
      <span translate="no">{reason}</span>
      {after}
    </>
  );
}
