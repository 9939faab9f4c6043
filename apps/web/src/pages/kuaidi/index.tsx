import { type Card, LIMITS } from '@wallet/contract';
import { Button, List, Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CopyButton } from '../../components/copy-button';
import { EmptyState } from '../../components/empty-state';
import { FormCard } from '../../components/form-card';
import detail from '../../features/cards/components/card-detail.module.css';
import { CardNotFound } from '../../features/cards/components/card-not-found';
import { CardPage } from '../../features/cards/components/card-page';
import { cardStage, nextAction } from '../../features/cards/components/card-stage';
import styles from '../../features/cards/components/cards.module.css';
import { useProductName } from '../../features/cards/components/product-name';

/** Courier tracking of a physical card: made, shipped (with the tracking number), delivered, bound, PIN set. */
export default function CourierTrackingPage() {
  const { t } = useTranslation();
  return (
    <CardPage title={t('cards.physical.trackingTitle')} rows={5} withoutId={<CardNotFound />}>
      {(card) => <Tracking card={card} />}
    </CardPage>
  );
}

const STEPS = ['inProduction', 'shipped', 'delivered', 'setPin', 'active'] as const;

function Tracking({ card }: { card: Card }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const productName = useProductName();
  if (card.type !== 'physical') return <EmptyState title={t('cardPack.tracking.virtual')} />;
  const stage = cardStage(card);
  // Frozen, awaiting KYC and the like are not delivery steps: those cards are placed by where delivery stands.
  const reached = STEPS.indexOf(stage as (typeof STEPS)[number]);
  const current =
    reached >= 0
      ? reached
      : card.boundAt
        ? card.pinSet
          ? 4
          : 3
        : card.shippingStatus === 'delivered'
          ? 2
          : card.shippingStatus === 'shipped'
            ? 1
            : 0;
  const next = nextAction(card, STEPS[current]);
  // This page is the tracking: its next step is binding or the PIN, never itself.
  const action = next?.label === 'track' ? null : next;
  return (
    <>
      <FormCard title={productName(card.product)} description={`${t(`cards.type.${card.type}`)} · ${card.currency}`}>
        <List>
          <List.Item
            data-testid="tracking-number"
            extra={card.trackingNumber && <CopyButton text={card.trackingNumber} label={t('cardPack.tracking.copy')} />}
            description={card.trackingNumber ? null : t('cards.physical.noTracking')}
          >
            {card.trackingNumber ? t('cards.basic.tracking', { number: card.trackingNumber }) : t('cardPack.detail.trackingNumber')}
          </List.Item>
        </List>
      </FormCard>
      <FormCard>
        <div className={detail.steps} data-testid="tracking-steps" data-current={STEPS[current]}>
          <Steps direction="vertical" current={current}>
            {STEPS.map((step, index) => (
              <Steps.Step
                key={step}
                title={t(`cardPack.tracking.steps.${step}`)}
                status={index < current ? 'finish' : index === current ? (step === 'active' ? 'finish' : 'process') : 'wait'}
                description={
                  index === 0 && current === 0
                    ? t('cardPack.stageText.inProduction', { days: LIMITS.card.shippingBusinessDaysAfterProduction })
                    : undefined
                }
              />
            ))}
          </Steps>
        </div>
      </FormCard>
      {action && (
        <div className={styles.nextSteps}>
          <Button block color="primary" onClick={() => navigate(action.path)} data-testid={`tracking-${action.testId}`}>
            {t(`cardPack.next.${action.label}`)}
          </Button>
        </div>
      )}
      {card.kycStatus === 'in_progress' && <p className={styles.notice}>{t('cards.after.inReview', LIMITS.card.kycReviewBusinessDays)}</p>}
    </>
  );
}
