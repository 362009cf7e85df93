import { commandLabel, doneText, stateLabel } from '../../domain/decision-words';
import type { Translate } from '../app-context';

// The words of commands, states and decisions done: one rule for the toasts and the server's answers.
export { commandLabel, doneText, stateLabel };

/** The label of the text a command asks for: the workflow's own word for it (a reply), else "reason". */
export function reasonLabel(t: Translate, workflow: string, command: string) {
  const own = `decision.reasonOf.${workflow}.${command}`;
  return t(own) === own ? t('decision.fields.reason') : t(own);
}

/** A chain step by its name where the workflow names its steps, else by its number. */
export function stepLabel(t: Translate, workflow: string, node: number) {
  const own = `decision.stepsOf.${workflow}.${node}`;
  return t(own) === own ? t('decision.step', { n: node + 1 }) : t(own);
}

/** A role in words, or its code where no words are known. */
export function roleLabel(t: Translate, role: string) {
  const key = `decision.roles.${role}`;
  return t(key) === key ? role : t(key);
}

/** The panel's heading: the workflow's own, else the shared one. */
export function panelTitle(t: Translate, workflow: string) {
  const own = `decision.titleOf.${workflow}`;
  return t(own) === own ? t('decision.title') : t(own);
}
