import type { Executor } from '../../platform/db/database';
import { findUserContact } from '../auth/service';
import { mailLanguage, mailMember } from '../notifications/mail';
import { cardFrozenMail } from '../notifications/mail-texts';
import { notify } from '../notifications/notify';
import type { CardDeps } from './deps';
import { type CardRow, findProduct } from './queries';

/*
 * What a member is told about their cards, always in the transaction of the change itself (the
 * callers change state only once, so each notice is written once).
 */

const cardRef = (cardId: string) => ({ kind: 'card' as const, id: cardId });

/**
 * The card's product: its id, by which the app names it in the language the member reads the message
 * in (they may switch later), and its name in the member's language at the time, for a reader that
 * does not know the product (a product name is a proper name).
 */
async function productParams(
  trx: Executor,
  card: Pick<CardRow, 'user_id' | 'product_id'>,
): Promise<{ product: string; productId: string }> {
  const product = await findProduct(trx, card.product_id);
  if (!product) return { product: '', productId: card.product_id };
  const { language } = await findUserContact(trx, card.user_id);
  return { product: product.names[mailLanguage(language)] ?? product.name, productId: card.product_id };
}

/** The issuer opened the card (card.opened). */
export async function tellCardOpened(trx: Executor, card: Pick<CardRow, 'id' | 'user_id' | 'product_id'>, last4: string | null) {
  const product = await productParams(trx, card);
  await notify(trx, card.user_id, { code: 'card_opened', params: last4 ? { ...product, last4 } : product, ref: cardRef(card.id) });
}

/** Opening failed and its fee was returned. */
export async function tellCardFailed(trx: Executor, card: Pick<CardRow, 'id' | 'user_id' | 'product_id'>) {
  await notify(trx, card.user_id, { code: 'card_failed', params: await productParams(trx, card), ref: cardRef(card.id) });
}

/**
 * The card was frozen for the member (by the automatic rules, not by themselves): a notification and
 * an email in their language.
 */
export async function tellCardFrozen(deps: CardDeps, trx: Executor, card: Pick<CardRow, 'id' | 'user_id' | 'last4'>) {
  const last4 = card.last4 ?? '';
  await notify(trx, card.user_id, { code: 'card_frozen', params: { last4 }, ref: cardRef(card.id) });
  const member = await findUserContact(trx, card.user_id);
  await mailMember(deps, trx, member, (language) => cardFrozenMail(language, { last4: last4 || '••••' }), { cardId: card.id });
}
