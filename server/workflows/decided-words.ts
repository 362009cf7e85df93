import { doneText } from '../../domain/decision-words';
import { findWorkflow } from '../../machines/workflows/registry';
import { type Lang, translate } from '../http/i18n';

/**
 * The answer to a decided command, in the caller's language: what was done and the state the record
 * is in now ("已完成「同意」，当前状态：已批复"), or for a forward the colleague it went to ("已转交给…"),
 * the words the browser's toast uses — never a bare "submitted" that would read the same for an
 * approval, a return and a withdrawal.
 */
export const decidedMessage = (
  lang: Lang,
  result: { Workflow?: unknown; State?: unknown; Decider?: { PersonName?: string | null } | null },
  command: string,
) => {
  const workflow = String(result.Workflow ?? '');
  const forwarded = findWorkflow(workflow)?.commands[command]?.asks === 'colleague';
  return doneText(
    (key, params) => translate(lang, key, params),
    workflow,
    command,
    typeof result.State === 'string' && result.State ? result.State : undefined,
    forwarded ? (result.Decider?.PersonName ?? undefined) : undefined,
  );
};
