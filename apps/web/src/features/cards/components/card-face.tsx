import { type Card, type CardProduct, LIMITS } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, isZeroAmount } from '../../../lib/format';
import styles from './card-face.module.css';
import { cardStage, isClosedOrFailed, nextAction, stageColor } from './card-stage';
import { NetworkMark } from './network-mark';
import { useProductName } from './product-name';

/** "•••• 1234": never more than the last four digits, and dots until the issuer has given a number. */
export const shortNumber = (card: Pick<Card, 'maskedNumber'>) => `•••• ${card.maskedNumber?.slice(-4) ?? '••••'}`;

export function faceClass(product: Pick<CardProduct, 'type' | 'level'>, extra?: string) {
  const tone = product.type === 'physical' ? styles.physical : product.level >= 2 ? styles.gold : '';
  return [styles.face, tone, extra].filter(Boolean).join(' ');
}

function Chip() {
  return (
    <svg className={styles.chip} viewBox="0 0 40 30" aria-hidden="true">
      <defs>
        <linearGradient id="card-chip" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f3dc9b" />
          <stop offset="1" stopColor="#c79b3c" />
        </linearGradient>
      </defs>
      <rect x="0.5" y="0.5" width="39" height="29" rx="5" fill="url(#card-chip)" stroke="#a07a2a" />
      <path d="M0 10h13M0 20h13M27 10h13M27 20h13M13 0v30M27 0v30M13 15h14" stroke="#a07a2a" strokeWidth="1" fill="none" />
    </svg>
  );
}

/** A card as the pack shows it: product, network, masked number, exact balance and where the card is in its life. */
export function CardFace({ card, link = true }: { card: Card; link?: boolean }) {
  const { t } = useTranslation();
  const productName = useProductName();
  const stage = cardStage(card);
  const body = (
    <>
      <div className={styles.top}>
        <span className={styles.name} data-testid="card-product-name">
          {productName(card.product)}
        </span>
        <span className={styles.badge} data-tone={stageColor(stage)} data-testid="card-state" data-stage={stage}>
          {t(`cardPack.stage.${stage}`)}
        </span>
      </div>
      <div className={styles.middle}>
        <Chip />
        <span className={styles.number} data-testid="card-number">
          {shortNumber(card)}
        </span>
      </div>
      <div className={styles.bottom}>
        <span className={styles.money}>
          <span className={styles.label}>
            {t('cardPack.face.balance')} · {t(`cards.type.${card.type}`)}
          </span>
          <span className={styles.balance} data-testid="card-balance">
            {formatMoney(card.balance, card.currency)} <span className={styles.currency}>{card.currency}</span>
          </span>
          {!isZeroAmount(card.held) && (
            <span className={styles.held} data-testid="card-held">
              {t('cardPack.face.held', { amount: `${formatMoney(card.held, card.currency)} ${card.currency}` })}
            </span>
          )}
        </span>
        <NetworkMark network={card.product.network} />
      </div>
    </>
  );
  const className = faceClass(card.product, isClosedOrFailed(card) ? styles.inactive : undefined);
  if (!link)
    return (
      <div className={className} data-testid="card-face">
        {body}
      </div>
    );
  const to = card.status === 'active' ? `/pages/cardBasic/index?id=${card.id}` : `/pages/afterOpen/index?id=${card.id}`;
  return (
    <Link to={to} className={className} data-testid="card-face" data-card-id={card.id}>
      {body}
    </Link>
  );
}

/** Under a physical card on its way: what is happening and the next thing to do (track, bind, set the PIN). */
export function CardStageBar({ card }: { card: Card }) {
  const { t } = useTranslation();
  const stage = cardStage(card);
  const action = nextAction(card, stage);
  if (!action) return null;
  const text =
    stage === 'inProduction'
      ? t('cardPack.stageText.inProduction', { days: LIMITS.card.shippingBusinessDaysAfterProduction })
      : stage === 'shipped'
        ? card.trackingNumber
          ? t('cardPack.stageText.shipped', { number: card.trackingNumber })
          : t('cardPack.stageText.shippedNoNumber')
        : t(`cardPack.stageText.${stage === 'delivered' ? 'delivered' : 'setPin'}`);
  return (
    <div className={styles.stageBar} data-testid="card-stage-bar">
      <span className={styles.stageText}>{text}</span>
      <Link className={styles.stageAction} to={action.path} data-testid={action.testId}>
        {t(`cardPack.next.${action.label}`)}
      </Link>
    </div>
  );
}
