import { commandOfEvent } from '../../machines/workflows/declaration';
import { findWorkflow } from '../../machines/workflows/registry';
import type { Translate } from '../app-context';
import { commandLabel, roleLabel } from '../kit/decision-labels';

const STARTED = 'workflow.started';

/** The first words a translation finds among the keys, else undefined. */
function firstWords(t: Translate, keys: string[]) {
  for (const key of keys) {
    const text = t(key);
    if (typeof text === 'string' && text !== key) return text;
  }
  return undefined;
}

/** The top-level state of a state value: `inApproval` of `{"inApproval":"node"}` or of `"inApproval"`. */
export function topState(value: string): string {
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === 'string') return parsed;
    if (parsed && typeof parsed === 'object') return Object.keys(parsed)[0] ?? value;
  } catch {
    // a plain state name, not JSON
  }
  return value;
}

/**
 * A workflow's state in words: the workflow's own (as its decision panel says it), else the shared
 * words of every workflow's states; the key only where neither has words (a unit test finds none).
 */
export const stateWords = (t: Translate, workflow: string, state: string) =>
  firstWords(t, [
    `decision.statesOf.${workflow}.${state}`,
    `server.workflow.states.${state}`,
    `decision.states.${state}`,
  ]) ?? state;

/**
 * A stored event in words: the command a person sent (as the decision panel names it), the system's
 * own step (a check, a deadline), or the start.
 */
export function eventWords(t: Translate, workflow: string, type: string) {
  if (type === STARTED) return t('workflows.history.started');
  const declaration = findWorkflow(workflow);
  const command = declaration && commandOfEvent(declaration, type);
  if (!command) return type;
  return (
    firstWords(t, [
      `decision.commandsOf.${workflow}.${command}`,
      `workflows.eventsOf.${workflow}.${command}`,
    ]) ?? commandLabel(t, workflow, command)
  );
}

/** A role in words: an employee's role, the applicant, the system. */
export const roleWords = (t: Translate, role: string) =>
  firstWords(t, [`workflows.roles.${role}`]) ?? roleLabel(t, role);
