import { Decimal } from '@wallet/contract';
import { balanceOf, journalExists, post, SYSTEM_PURPOSES } from '../../ledger';
import { cardAccountIds, systemAccount } from '../accounts';
import type { CardDeps } from '../deps';
import { type CardRow, lockCard } from '../queries';
import { cardsDueMonthlyFee } from './queries';

export const MONTHLY_FEE_JOB = 'cards.monthly-fee';
/**
 * Daily at 02:00 UTC: each run charges every active card the fee of the current month if it has not
 * been charged yet. A card short of funds on the 1st is charged on a later day of the month once
 * funded. The ledger key (card, month) makes a second charge in the same month impossible, whatever
 * runs the job and however often.
 */
export const MONTHLY_FEE_CRON = '0 2 * * *';

export const monthOf = (date: Date) => date.toISOString().slice(0, 7);

export async function chargeMonthlyFees(deps: CardDeps, now = deps.clock.now()): Promise<{ charged: number; skipped: number }> {
  const month = monthOf(now);
  const due = await cardsDueMonthlyFee(deps.db);
  let charged = 0;
  let skipped = 0;
  for (const row of due) {
    const fee = new Decimal(row.monthly_fee);
    const result = await deps.db.transaction().execute(async (trx) => {
      const card = (await lockCard(trx, row.id)) as CardRow;
      const key = `card:${card.id}:monthly-fee:${month}`;
      if (await journalExists(trx, key)) return 'done';
      const { available } = await cardAccountIds(trx, card);
      if (new Decimal(await balanceOf(trx, available)).lt(fee)) return 'short';
      await post(trx, {
        typeCode: 22,
        userId: card.user_id,
        reference: `card:${card.id}`,
        idempotencyKey: key,
        memo: { month },
        legs: [
          { accountId: available, amount: fee.neg().toFixed() },
          { accountId: await systemAccount(trx, card.currency, SYSTEM_PURPOSES.feeRevenue), amount: fee.toFixed() },
        ],
      });
      return { issuerCardId: card.issuer_card_id };
    });
    if (result === 'short') skipped += 1;
    if (typeof result === 'object') {
      charged += 1;
      // The fee leaves the card at the issuer too; a failure here is logged and the balances reconciled later.
      await deps.issuer
        .unload(result.issuerCardId as string, fee.toFixed(), `monthly-fee:${row.id}:${month}`)
        .catch((err) => deps.log.warn({ err, cardId: row.id }, 'monthly fee unload at issuer failed'));
    }
  }
  return { charged, skipped };
}
