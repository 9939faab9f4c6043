import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** How one sandbox's store becomes a file and back, and what it is when nothing was saved yet. */
export interface StateCodec<S> {
  /** Named in the error when the file cannot be read, e.g. "the sandbox issuer's". */
  owner: string;
  fresh(): S;
  toJson(state: S): string;
  fromJson(text: string): S;
}

/**
 * Where a sandbox keeps its data between runs, as the real service would: `npm start` keeps the
 * app's database in DATA_DIR across restarts, and what the app remembers (cards, payouts) must still
 * exist on the other side. Each save writes the whole store to a temporary file and renames it over
 * the last one, so a crash leaves the previous state or the new one, never half of one; it can lose
 * the last change. Owner-only: the stores hold card numbers and payees' ID and account numbers.
 */
export class StateFile<S> {
  #writing: Promise<void> | null = null;
  #again = false;

  constructor(
    readonly file: string,
    private readonly codec: StateCodec<S>,
    private readonly state: S,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** The saved store, or a fresh one when nothing was saved yet. A file that cannot be read stops the start. */
  static load<S>(file: string, codec: StateCodec<S>): S {
    if (!existsSync(file)) return codec.fresh();
    try {
      return codec.fromJson(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`cannot read ${codec.owner} data in ${file} (delete it to start the sandbox afresh): ${String(error)}`);
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
        await writeFile(temporary, this.codec.toJson(this.state), { mode: 0o600 });
        await rename(temporary, this.file);
      } catch (error) {
        this.onError(error);
      }
    } while (this.#again);
  }
}
