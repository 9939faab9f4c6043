import { type Card, LIMITS } from '@wallet/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CardFace, CardStageBar } from '../../features/cards/components/card-face';
import { CardNotFound } from '../../features/cards/components/card-not-found';
import { CardPage } from '../../features/cards/components/card-page';
import styles from '../../features/cards/components/cards.module.css';
import { errorMessageIn } from '../../lib/i18n/error-messages';
import { useAppStore } from '../../lib/store';

/** After buying: the opening result (refreshed until the issuer answers) and the next step. */
export default function AfterOpenPage() {
  const { t } = useTranslation();
  return (
    <CardPage title={t('cards.after.title')} rows={4} withoutId={<CardNotFound />}>
      {(c) => <AfterOpen c={c} />}
    </CardPage>
  );
}

function AfterOpen({ c }: { c: Card }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The contract's own words rather than the reply's failureMessage, written in the language of an earlier request.
  const language = useAppStore((state) => state.language);
  return (
    <>
      <CardFace card={c} link={false} />
      <CardStageBar card={c} />
      <p className={styles.notice} data-testid="after-open-message">
        {c.status === 'opening' && t('cards.after.opening', { minutes: LIMITS.card.openingMinutes })}
        {c.status === 'failed' && errorMessageIn('CARD_OPENING_FAILED', language)}
        {c.status === 'awaiting_kyc' &&
          (c.kycStatus === 'in_progress'
            ? t('cards.after.inReview', LIMITS.card.kycReviewBusinessDays)
            : c.kycStatus === 'failed'
              ? t('cards.kyc.failedReason', { reason: c.kycReason })
              : t('cards.after.awaitingKyc', { minutes: LIMITS.card.kycAfterPurchaseMinutes }))}
        {c.status === 'active' && t('cards.after.active')}
      </p>
      <div className={styles.nextSteps}>
        {c.status === 'awaiting_kyc' && c.kycStatus !== 'in_progress' && (
          <Button block color="primary" onClick={() => navigate(`/pages/newKYC/index?id=${c.id}`)} data-testid="go-kyc">
            {t('cards.after.doKyc')}
          </Button>
        )}
        {c.status === 'active' && (
          <Button block color="primary" onClick={() => navigate(`/pages/cardBasic/index?id=${c.id}`)} data-testid="go-card">
            {t('cards.after.toCard')}
          </Button>
        )}
        {(c.status === 'awaiting_kyc' || c.status === 'active') && (
          <Button block onClick={() => navigate(`/pages/kycPokey/index?id=${c.id}`)} data-testid="go-kyc-status">
            {t('cards.kycStatus.title')}
          </Button>
        )}
        {c.type === 'physical' && c.status !== 'opening' && c.status !== 'failed' && (
          <Button block onClick={() => navigate(`/pages/kuaidi/index?id=${c.id}`)}>
            {t('cards.physical.trackingTitle')}
          </Button>
        )}
        {c.status === 'failed' && (
          <Button block onClick={() => navigate('/pages/cardNewSbc/index')}>
            {t('cards.openCard')}
          </Button>
        )}
      </div>
    </>
  );
}
