import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

/**
 * Where the sandbox keeps its records between runs, as a real partner would: the app keeps its orders
 * in DATA_DIR across restarts, and a payout it submitted must still be found at the partner. Each save
 * writes the whole store to a temporary file and renames it over the last one, so a crash leaves the
 * previous state or the new one, never half of one; it can lose the last change.
 */
export class StoreFile {
  #writing: Promise<void> | null = null;
  #again = false;

  constructor(
    readonly file: string,
    private readonly store: PayoutStore,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** The saved store, or a new one when nothing was saved yet. A file that cannot be read stops the start. */
  static load(file: string): PayoutStore {
    if (!existsSync(file)) return new PayoutStore();
    try {
      return storeFromJson(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`cannot read the sandbox payout partner's data in ${file} (delete it to start the sandbox afresh): ${String(error)}`);
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
        // Owner-only: the file holds payees' ID and account numbers.
        await writeFile(temporary, storeToJson(this.store), { mode: 0o600 });
        await rename(temporary, this.file);
      } catch (error) {
        this.onError(error);
      }
    } while (this.#again);
  }
}
