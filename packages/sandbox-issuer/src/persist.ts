import { toMinor } from './money';
import type { StateCodec } from './state-file';
import {
  type Cardholder,
  type SandboxAuthorization,
  type SandboxCard,
  type SandboxEvent,
  type SandboxOperation,
  SandboxStore,
} from './store';

const FORMAT = 1;

type StoredCard = Omit<SandboxCard, 'balanceMinor'> & { balanceMinor: string };

interface StoredState {
  format: typeof FORMAT;
  cardholders: Cardholder[];
  cards: StoredCard[];
  authorizations: SandboxAuthorization[];
  events: SandboxEvent[];
  idempotent: Array<[string, unknown]>;
  /** Absent in files saved before loads and unloads were kept as operations. */
  operations?: SandboxOperation[];
  failNextOpenings: number;
  /** The float per currency in cents; absent in files saved before it was kept. */
  float?: Record<string, string>;
}

/** The store as JSON: maps as lists, card balances (bigint cents) as strings. */
export function storeToJson(store: SandboxStore): string {
  const state: StoredState = {
    format: FORMAT,
    cardholders: [...store.cardholders.values()],
    cards: [...store.cards.values()].map((card) => ({ ...card, balanceMinor: card.balanceMinor.toString() })),
    authorizations: [...store.authorizations.values()],
    events: [...store.events.values()],
    idempotent: [...store.idempotent.entries()],
    operations: [...store.operations.values()],
    failNextOpenings: store.failNextOpenings,
    float: Object.fromEntries([...store.float.entries()].map(([currency, cents]) => [currency, cents.toString()])),
  };
  return JSON.stringify(state);
}

export function storeFromJson(text: string): SandboxStore {
  const state = JSON.parse(text) as StoredState;
  if (state.format !== FORMAT) throw new Error(`unknown sandbox state format ${String(state.format)}`);
  const store = new SandboxStore();
  for (const holder of state.cardholders) store.cardholders.set(holder.id, holder);
  for (const card of state.cards) store.cards.set(card.id, { ...card, balanceMinor: BigInt(card.balanceMinor) });
  for (const authorization of state.authorizations) store.authorizations.set(authorization.id, authorization);
  for (const event of state.events) store.events.set(event.id, event);
  for (const [key, reply] of state.idempotent) store.idempotent.set(key, reply);
  for (const operation of state.operations ?? []) store.operations.set(operation.key, operation);
  store.failNextOpenings = state.failNextOpenings;
  if (state.float) for (const [currency, cents] of Object.entries(state.float)) store.float.set(currency, BigInt(cents));
  else openingFloat(store);
  return store;
}

/**
 * A file from before the float was kept: it starts as what the cards hold with their holds, the only
 * figure that file can tell, so an older sandbox does not open with a float break it never had.
 */
function openingFloat(store: SandboxStore) {
  for (const card of store.cards.values()) store.moveFloat(card.currency, card.balanceMinor);
  for (const authorization of store.authorizations.values()) {
    const card = store.cards.get(authorization.cardId);
    const held = authorization.held ?? (authorization.approved ? authorization.amount : '0');
    if (card) store.moveFloat(card.currency, toMinor(held));
  }
}

export const ISSUER_STATE: StateCodec<SandboxStore> = {
  owner: "the sandbox issuer's",
  fresh: () => new SandboxStore(),
  toJson: storeToJson,
  fromJson: storeFromJson,
};
