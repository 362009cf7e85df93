/** A translator of the reader's language, the browser's or the server's: the key itself when it has no words. */
type Words = (key: string, params?: Record<string, unknown>) => string;

/** A workflow's own words for a key (`decision.<group>Of.<workflow>.<name>`), else the shared ones, else the name. */
function wordsFor(t: Words, group: string, workflow: string, name: string | number) {
  const own = `decision.${group}Of.${workflow}.${name}`;
  const ownText = t(own);
  if (ownText !== own) return ownText;
  const shared = `decision.${group}.${name}`;
  const sharedText = t(shared);
  return sharedText === shared ? String(name) : sharedText;
}

export const commandLabel = (t: Words, workflow: string, command: string) =>
  wordsFor(t, 'commands', workflow, command);

export const stateLabel = (t: Words, workflow: string, state: string) =>
  wordsFor(t, 'states', workflow, state);

/**
 * What a decided command tells the person: its own words where it has them, else the action by its
 * name and, where the server said it, the state the record is in now ("agreed: the record now reads
 * approved", "returned…"), so an approval, a return or a shipment each reads as what happened; a forward
 * names the colleague the step now waits for. The browser's toast and the server's answer to the command
 * say it in the same words.
 */
export function doneText(t: Words, workflow: string, command?: string, state?: string, forwardedTo?: string) {
  // A step handed to a colleague says to whom, so the person sees it went where they meant.
  if (forwardedTo) return t('decision.doneForwardedTo', { name: forwardedTo });
  const own = `decision.doneOf.${command}`;
  if (command && t(own) !== own) return t(own);
  if (!command) return t('decision.done');
  const words = commandLabel(t, workflow, command);
  return state
    ? t('decision.doneState', { command: words, state: stateLabel(t, workflow, state) })
    : t('decision.doneCommand', { command: words });
}
