import type { Owner, Role, World } from './world';

/**
 * One command of the month as fast-check draws it: what to do, as whom, which of the records made so
 * far it acts on (`pick`, wrapping) and a small number that varies the details (`n`: a quantity, a
 * decision, a share). Plain data, so a counterexample prints as the sequence a person can replay.
 */
export interface Step {
  do: string;
  as: Role;
  pick: number;
  n: number;
}

/**
 * What the portal must answer: `refused` when the caller may not do it at all (a 4xx that writes
 * nothing); `either` when it depends on the state the month has reached. A 5xx is never right.
 */
export type Expectation = 'refused' | 'either';

export interface Answer {
  status: number;
  message?: string;
  expect: Expectation;
}

export interface Command {
  /** How often it is drawn, relative to the others. */
  weight: number;
  /** Who does it in the ordinary course of business; the others are drawn too, less often. */
  actors: Role[];
  /** Nothing to act on yet (no record of the kind it needs): answers nothing and the step is skipped. */
  run(world: World, step: Step): Promise<Answer | undefined>;
}

/** Agent staff act only for their own company: the RSP's staff not for an agent of another province, the CCP's not for the RSP's. */
function isForeign(as: Role, owner: Owner): boolean {
  if (as === 'ccp') return owner !== 'ccp';
  if (as === 'rsp' || as === 'gd') return owner === 'far';
  return false;
}

/**
 * The answer a caller must get: refused for the newcomer who has not changed the first password,
 * for the roles `refusedTo` names (those without the page) and for an agent acting on another
 * company's record; otherwise it depends on the state.
 */
export function expectationOf(as: Role, owner?: Owner, refusedTo: readonly Role[] = []): Expectation {
  if (as === 'newstaff' || refusedTo.includes(as)) return 'refused';
  return owner && isForeign(as, owner) ? 'refused' : 'either';
}

/** An answer from the harness's post, with the expectation it is held to. */
export function answer(
  response: { status: number; body: { message?: string } },
  expect: Expectation,
): Answer {
  return { status: response.status, message: response.body?.message, expect };
}
