import { LIMITS } from '@wallet/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../components/loading-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { useCard } from '../../features/cards/api/get-cards';
import styles from '../../features/cards/components/cards.module.css';
import { useCardId } from '../../features/cards/components/use-card-id';

/** Courier tracking of a physical card: produced, shipped (with the tracking number), delivered. */
export default function CourierTrackingPage() {
  const { t } = useTranslation();
  const card = useCard(useCardId());
  const c = card.data;
  return (
    <>
      <NavBar back title={t('cards.physical.trackingTitle')} />
      <PageBody>
        {card.isPending && <LoadingState rows={3} />}
        {c && (
          <List>
            <List.Item extra={t(`cards.physical.shipping.${c.shippingStatus}`, { days: LIMITS.card.shippingBusinessDaysAfterProduction })}>
              {c.product.name}
            </List.Item>
            <List.Item data-testid="tracking-number">
              {c.trackingNumber ? t('cards.basic.tracking', { number: c.trackingNumber }) : t('cards.physical.noTracking')}
            </List.Item>
          </List>
        )}
        {c && c.kycStatus === 'in_progress' && (
          <p className={styles.notice}>{t('cards.after.inReview', LIMITS.card.kycReviewBusinessDays)}</p>
        )}
      </PageBody>
    </>
  );
}
