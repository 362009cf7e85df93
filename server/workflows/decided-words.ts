import { doneText } from '../../domain/decision-words';
import { type Lang, translate } from '../http/i18n';

/**
 * The answer to a decided command, in the caller's language: what was done and the state the record
 * is in now ("已完成「同意」，当前状态：已批复"), the words the browser's toast uses — never a bare
 * "submitted" that would read the same for an approval, a return and a withdrawal.
 */
export const decidedMessage = (
  lang: Lang,
  result: { Workflow?: unknown; State?: unknown },
  command: string,
) =>
  doneText(
    (key, params) => translate(lang, key, params),
    String(result.Workflow ?? ''),
    command,
    typeof result.State === 'string' && result.State ? result.State : undefined,
  );
