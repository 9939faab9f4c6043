import type { StateCodec } from '@wallet/sandbox-issuer';
import { type Payout, type PayoutEvent, PayoutStore } from './store';

const FORMAT = 1;

interface StoredState {
  format: typeof FORMAT;
  payouts: Payout[];
  events: PayoutEvent[];
}

export function storeToJson(store: PayoutStore): string {
  const state: StoredState = { format: FORMAT, payouts: [...store.payouts.values()], events: [...store.events.values()] };
  return JSON.stringify(state);
}

export function storeFromJson(text: string): PayoutStore {
  const state = JSON.parse(text) as StoredState;
  if (state.format !== FORMAT) throw new Error(`unknown sandbox state format ${String(state.format)}`);
  const store = new PayoutStore();
  for (const payout of state.payouts) store.payouts.set(payout.id, payout);
  for (const event of state.events) store.events.set(event.id, event);
  return store;
}

/** The partner keeps its payouts across restarts: a payout the app submitted must still be found. */
export const PAYOUT_STATE: StateCodec<PayoutStore> = {
  owner: "the sandbox payout partner's",
  fresh: () => new PayoutStore(),
  toJson: storeToJson,
  fromJson: storeFromJson,
};
