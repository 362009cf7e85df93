import { booksOf } from './books';
import type { Answer, Step } from './command';
import { commands } from './commands';
import { businessWrites, watchTables } from './touched-tables';
import { openWorld, type World } from './world';

/**
 * A bug put in on purpose around a step, to show the month finds and shrinks it: `before` reads what
 * it needs, `after` corrupts what the step did.
 */
export interface Plant {
  before(world: World, step: Step): Promise<unknown>;
  after(world: World, step: Step, answer: Answer, before: unknown): Promise<void>;
}

/** How the month's commands were answered, by command and status: the proof most did real work. */
export type Tally = Map<string, number>;

const describe = (step: Step, index: number) =>
  `step ${index + 1} (${step.do} as ${step.as}, pick ${step.pick}, n ${step.n})`;

/** Runs the steps in order on a fresh demo portal, checking the answers and every invariant after each. */
export async function runMonth(steps: Step[], options: { plant?: Plant; tally?: Tally } = {}) {
  const world = await openWorld();
  try {
    const touched = await watchTables(world.db);
    const books = await booksOf(world.db);
    for (const [index, step] of steps.entries()) {
      const planted = await options.plant?.before(world, step);
      const answered = await commands[step.do].run(world, step);
      if (answered) await options.plant?.after(world, step, answered, planted);
      const changed = await touched.taken();
      books.changed(changed);
      if (!answered) continue;
      const key = `${step.do} ${answered.status}`;
      options.tally?.set(key, (options.tally.get(key) ?? 0) + 1);
      const where = describe(step, index);
      if (answered.status >= 500)
        throw new Error(`${where} answered ${answered.status}: ${answered.message}`);
      if (answered.expect === 'refused' && answered.status < 400)
        throw new Error(`${where} must be refused, and answered ${answered.status}`);
      if (answered.status >= 400) {
        // Refused and nothing written: the books are as the last check left them.
        const wrote = businessWrites(changed);
        if (!wrote.length) continue;
        throw new Error(
          `${where} was refused (${answered.status}: ${answered.message}) and still wrote ${wrote.join(', ')}`,
        );
      }
      const added = await books.added();
      if (added.length)
        throw new Error(`${where}: the books no longer balance: ${added.slice(0, 5).join('; ')}`);
    }
  } finally {
    await world.close();
  }
}
