import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
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
  return store;
}

/**
 * Where a sandbox keeps its data between runs, as a real issuer would: `npm start` keeps the app's
 * database in DATA_DIR across restarts, and cards the app remembers must still exist at the issuer.
 * Each save writes the whole store to a temporary file and renames it over the last one, so a crash
 * leaves the previous state or the new one, never half of one; it can lose the last change.
 */
export class StoreFile {
  #writing: Promise<void> | null = null;
  #again = false;

  constructor(
    readonly file: string,
    private readonly store: SandboxStore,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** The saved store, or a new one when nothing was saved yet. A file that cannot be read stops the start. */
  static load(file: string): SandboxStore {
    if (!existsSync(file)) return new SandboxStore();
    try {
      return storeFromJson(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`cannot read the sandbox issuer's data in ${file} (delete it to start the sandbox afresh): ${String(error)}`);
    }
  }

  /** Saves soon: one write at a time, and a change made during a write is saved by another after it. */
  save(): void {
    if (this.#writing) {
      this.#again = true;
      return;
    }
    this.#writing = this.#writeUntilCurrent().finally(() => {
      this.#writing = null;
    });
  }

  /** Resolves once everything changed so far is on disk. */
  async flush(): Promise<void> {
    this.save();
    while (this.#writing) await this.#writing;
  }

  async #writeUntilCurrent(): Promise<void> {
    do {
      this.#again = false;
      try {
        await mkdir(path.dirname(this.file), { recursive: true });
        const temporary = `${this.file}.${process.pid}.tmp`;
        await writeFile(temporary, storeToJson(this.store));
        await rename(temporary, this.file);
      } catch (error) {
        this.onError(error);
      }
    } while (this.#again);
  }
}
