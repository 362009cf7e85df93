import type { Translate } from '../app-context';

/** A workflow's own words for a key (`decision.<group>Of.<workflow>.<name>`), else the shared ones, else the name. */
function wordsFor(t: Translate, group: string, workflow: string, name: string | number) {
  const own = `decision.${group}Of.${workflow}.${name}`;
  const ownText = t(own);
  if (ownText !== own) return ownText;
  const shared = `decision.${group}.${name}`;
  const sharedText = t(shared);
  return sharedText === shared ? String(name) : sharedText;
}

export const commandLabel = (t: Translate, workflow: string, command: string) =>
  wordsFor(t, 'commands', workflow, command);

export const stateLabel = (t: Translate, workflow: string, state: string) =>
  wordsFor(t, 'states', workflow, state);

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

/**
 * What a decided command tells the person: its own words where it has them, else the action by its
 * name and, where the server said it, the state the record is in now ("agreed: the record now reads
 * approved", "returned…"), so an approval, a return or a shipment each reads as what happened.
 */
export function doneText(t: Translate, workflow: string, command?: string, state?: string) {
  const own = `decision.doneOf.${command}`;
  if (command && t(own) !== own) return t(own);
  if (!command) return t('decision.done');
  const words = commandLabel(t, workflow, command);
  return state
    ? t('decision.doneState', { command: words, state: stateLabel(t, workflow, state) })
    : t('decision.doneCommand', { command: words });
}

/** The panel's heading: the workflow's own, else the shared one. */
export function panelTitle(t: Translate, workflow: string) {
  const own = `decision.titleOf.${workflow}`;
  return t(own) === own ? t('decision.title') : t(own);
}
