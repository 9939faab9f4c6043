import type { StateCodec } from '@wallet/sandbox-issuer';
import { type Payout, type PayoutEvent, type PayoutPayment, PayoutStore } from './store';

const FORMAT = 1;

interface StoredState {
  format: typeof FORMAT;
  payouts: Payout[];
  events: PayoutEvent[];
  /** Absent in files saved before payments were kept. */
  payments?: PayoutPayment[];
  prefundingMinor?: string;
}

export function storeToJson(store: PayoutStore): string {
  const state: StoredState = {
    format: FORMAT,
    payouts: [...store.payouts.values()],
    events: [...store.events.values()],
    payments: store.payments,
    prefundingMinor: store.prefundingMinor.toString(),
  };
  return JSON.stringify(state);
}

export function storeFromJson(text: string): PayoutStore {
  const state = JSON.parse(text) as StoredState;
  if (state.format !== FORMAT) throw new Error(`unknown sandbox state format ${String(state.format)}`);
  const store = new PayoutStore();
  for (const payout of state.payouts) store.payouts.set(payout.id, payout);
  for (const event of state.events) store.events.set(event.id, event);
  if (state.payments) store.payments = state.payments;
  // An older file: each payout it holds as paid was paid once, on its last update.
  else for (const payout of state.payouts) if (payout.status === 'paid') store.pay(payout, payout.updatedAt);
  if (state.prefundingMinor !== undefined) store.prefundingMinor = BigInt(state.prefundingMinor);
  return store;
}

/** The partner keeps its payouts across restarts: a payout the app submitted must still be found. */
export const PAYOUT_STATE: StateCodec<PayoutStore> = {
  owner: "the sandbox payout partner's",
  fresh: () => new PayoutStore(),
  toJson: storeToJson,
  fromJson: storeFromJson,
};
