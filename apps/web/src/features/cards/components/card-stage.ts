import type { Card } from '@wallet/contract';

export type CardStage = 'opening' | 'failed' | 'awaitingKyc' | 'inProduction' | 'shipped' | 'delivered' | 'setPin' | 'active' | 'frozen';

/**
 * Where a card is in its life. The issuer reports a physical card "active" as soon as it is opened,
 * but the member cannot pay with it until it has been delivered, bound and given a PIN.
 */
export function cardStage(card: Card): CardStage {
  if (card.status === 'opening') return 'opening';
  if (card.status === 'failed') return 'failed';
  if (card.status === 'awaiting_kyc') return 'awaitingKyc';
  if (card.frozen) return 'frozen';
  if (card.type === 'physical' && !card.boundAt) {
    if (card.shippingStatus === 'delivered') return 'delivered';
    if (card.shippingStatus === 'shipped') return 'shipped';
    return 'inProduction';
  }
  if (card.type === 'physical' && !card.pinSet) return 'setPin';
  return 'active';
}

export type StageAction = { label: 'track' | 'bind' | 'setPin'; path: string; testId: string };

/** The one thing to do next for a physical card on its way, if any. */
export function nextAction(card: Card, stage = cardStage(card)): StageAction | null {
  const id = encodeURIComponent(card.id);
  if (stage === 'inProduction' || stage === 'shipped')
    return { label: 'track', path: `/pages/kuaidi/index?id=${id}`, testId: 'stage-track' };
  if (stage === 'delivered') return { label: 'bind', path: `/pages/bindCardSun/index?id=${id}`, testId: 'stage-bind' };
  if (stage === 'setPin') return { label: 'setPin', path: `/pages/anfCardPass/index?id=${id}`, testId: 'stage-set-pin' };
  return null;
}

export const stageColor = (stage: CardStage) =>
  stage === 'active' ? 'success' : stage === 'failed' || stage === 'frozen' ? 'danger' : stage === 'opening' ? 'primary' : 'warning';

/** The card in the list's order: usable cards first, failed openings in their own section. */
export const isClosedOrFailed = (card: Card) => card.status === 'failed';
