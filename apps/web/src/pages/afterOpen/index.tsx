import { LIMITS } from '@wallet/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadingState } from '../../components/loading-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { useCard } from '../../features/cards/api/get-cards';
import { CardFace } from '../../features/cards/components/card-face';
import styles from '../../features/cards/components/cards.module.css';
import { useCardId } from '../../features/cards/components/use-card-id';

/** After buying: the opening result (refreshed until the issuer answers) and the next step. */
export default function AfterOpenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useCardId();
  const card = useCard(id);
  const c = card.data;
  return (
    <>
      <NavBar back title={t('cards.after.title')} />
      <PageBody>
        {card.isPending && <LoadingState rows={4} />}
        {c && (
          <>
            <CardFace card={c} link={false} />
            <p className={styles.notice} data-testid="after-open-message">
              {c.status === 'opening' && t('cards.after.opening', { minutes: LIMITS.card.openingMinutes })}
              {c.status === 'failed' && c.failureMessage}
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
              {c.status === 'active' && c.type === 'physical' && !c.boundAt && c.shippingStatus === 'delivered' && (
                <Button block color="primary" onClick={() => navigate(`/pages/bindCardSun/index?id=${c.id}`)} data-testid="go-bind">
                  {t('cards.bind.submit')}
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
        )}
      </PageBody>
    </>
  );
}
