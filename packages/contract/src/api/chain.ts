import { z } from 'zod';
import { amountInputSchema, amountSchema } from '../amount';
import { currencySchema, networkSchema } from '../code-schemas';
import { safeText } from '../safe-text';

/**
 * Top-up (on-chain deposit) shapes. A deposit's status, as the user sees it:
 * confirming (n of N) -> credited, or queued (daily top-up limit reached: credited on the next day
 * with room), unattributed (no bound sender on that network: an operator may assign it) or dropped
 * (its block left the chain).
 */
export const DEPOSIT_STATUSES = ['confirming', 'credited', 'queued', 'unattributed', 'dropped'] as const;
export const depositStatusSchema = z.enum(DEPOSIT_STATUSES);
export type DepositStatus = z.infer<typeof depositStatusSchema>;

export const depositSchema = z
  .object({
    id: z.uuid(),
    network: networkSchema,
    currency: currencySchema,
    amount: amountSchema,
    txHash: z.string(),
    from: z.string(),
    to: z.string(),
    blockNumber: z.string(),
    status: depositStatusSchema,
    confirmations: z.number().int(),
    confirmationsRequired: z.number().int(),
    /** Why it is queued or unattributed, as a stable reason code (daily_limit, unbound_sender). */
    reason: z.string().nullable(),
    detectedAt: z.string(),
    creditedAt: z.string().nullable(),
  })
  .meta({ id: 'Deposit' });
export type Deposit = z.infer<typeof depositSchema>;
export const depositListReplySchema = z.object({ deposits: z.array(depositSchema) }).meta({ id: 'DepositList' });

export const topUpNetworkSchema = z
  .object({
    network: networkSchema,
    currency: currencySchema,
    depositAddress: z.string(),
    confirmationsRequired: z.number().int(),
  })
  .meta({ id: 'TopUpNetwork' });
export const topUpInfoReplySchema = z
  .object({
    networks: z.array(topUpNetworkSchema),
    boundNetwork: z.string().nullable(),
    boundAddress: z.string().nullable(),
    perDay: z.number().int(),
    remainingToday: z.number().int(),
    timeZone: z.string(),
    /** Development only: the page that sends test USDT on the local chain (null elsewhere). */
    devFaucet: z.string().nullable(),
  })
  .meta({ id: 'TopUpInfo' });
export type TopUpInfo = z.infer<typeof topUpInfoReplySchema>;

export const txHashSchema = safeText(100, { tooLong: 'TX_HASH_INVALID' })
  .min(10, 'TX_HASH_INVALID')
  .regex(/^[\x21-\x7E]+$/, 'TX_HASH_INVALID');
export const checkTxBodySchema = z.object({ network: networkSchema, txHash: txHashSchema }).meta({ id: 'CheckTxBody' });

export const adminAssignDepositBodySchema = z
  .object({ uid: z.string().regex(/^[1-9]\d{7}$/), reason: safeText(500).min(3) })
  .meta({ id: 'AdminAssignDepositBody' });

/** What the development faucet sends: test USDT (on the member's bound BSC or TRON network) or the local chain's own coin playing ETH. */
export const devSendBodySchema = z
  .object({ amount: amountInputSchema, asset: z.enum(['USDT', 'ETH']).default('USDT') })
  .meta({ id: 'DevSendBody' });
