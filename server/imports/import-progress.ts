/**
 * How far an upload's import has got, for the person who sent it to poll while the request runs
 * (GET /portal/import/progress/:id): a 20,000-row file takes seconds, and a spinner tells nothing.
 * Kept in the process's memory: an import runs in the process that received its upload.
 */
export interface ImportProgress {
  /** `check`: rows read and checked; `write`: rows written; `done` once the answer is on its way. */
  Pass: 'check' | 'write' | 'done';
  Rows: number;
  /** 0–100: the check pass is the first half (share of the file read), the write pass the second. */
  Percent: number;
}

/** A run nobody asks after any more is forgotten. */
const FORGET_MS = 10 * 60 * 1000;

export class ImportProgressBoard {
  readonly #runs = new Map<string, { owner: string; progress: ImportProgress; at: number }>();

  start(id: string, owner: string) {
    this.#forgetOld();
    this.#runs.set(id, { owner, progress: { Pass: 'check', Rows: 0, Percent: 0 }, at: Date.now() });
  }

  /** A pass's rows so far; `share` is how much of it is done (0–1). */
  report(id: string, pass: 'check' | 'write', rows: number, share: number) {
    const run = this.#runs.get(id);
    if (!run) return;
    const half = Math.min(1, Math.max(0, share)) * 50;
    run.progress = { Pass: pass, Rows: rows, Percent: Math.floor(pass === 'check' ? half : 50 + half) };
    run.at = Date.now();
  }

  finish(id: string) {
    const run = this.#runs.get(id);
    if (run) run.progress = { ...run.progress, Pass: 'done', Percent: 100 };
  }

  /** The run's progress, only for the person who started it. */
  read(id: string, owner: string): ImportProgress | undefined {
    const run = this.#runs.get(id);
    return run?.owner === owner ? run.progress : undefined;
  }

  #forgetOld() {
    const now = Date.now();
    for (const [id, run] of this.#runs) if (now - run.at > FORGET_MS) this.#runs.delete(id);
  }
}
