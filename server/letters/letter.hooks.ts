import { sql } from 'kysely';
import type { CommitmentLetterContext } from '../../machines/workflows/commitment-letter.workflow';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import { allowedCommands } from '../workflows/allowed';
import type { WorkflowHooks } from '../workflows/hooks';

/** Where the OA system shows a letter's seal approval (the portal keeps the link, OA keeps the flow). */
export const oaLinkOf = (letterNo: string) => `https://oa.portal.example/seal/${letterNo}`;

interface LetterFacts {
  no: string;
  nonStandard: boolean;
  scan: { FileURL?: string }[] | null;
}

async function factsOf(trx: Parameters<NonNullable<WorkflowHooks['prepare']>>[0], id: string) {
  const rows = await sql<LetterFacts>`select commitment_letter_no as no,
      coalesce((data->>'nonStandard')::boolean, false) as "nonStandard",
      data->'commitmentLetterUrl' as scan
    from commitment_letter where object_id = ${id}`.execute(trx);
  return rows.rows[0];
}

/** The letter's mark "non-standard wording", as its record shows it. */
const nonStandardOf = (letter: Record<string, unknown>) =>
  letter.nonStandard === true || String(letter.nonStandard) === 'true';

/**
 * The server side of a letter's workflow (notes §3.5): wording off the template is never agreed past
 * the co-sign of legal and service (the machine's guard, over the mark the server lays on the
 * agreement; the refusal names the letter); the agreement that sends a letter to OA records the OA link; the
 * stamp needs the scan uploaded first, and the event keeps the scan's link.
 */
export const commitmentLetterHooks: WorkflowHooks = {
  // The machine's guard `hasStandardWording` reads the letter's mark: no plain agreement, no offer of one.
  facts: (call) => (call.command === 'agree' ? { nonStandard: nonStandardOf(call.subject) } : undefined),
  explain: (call) =>
    call.command === 'agree' &&
    String(call.state.snapshot.value) === 'complianceReview' &&
    nonStandardOf(call.subject) &&
    allowedCommands(call.state.declaration, call.state.snapshot, call.actor).includes('agree')
      ? new PortalError(409, 'letters.errors.needsCountersign', { no: call.subject.commitmentLetterNo })
      : undefined,
  prepare: async (trx, call) => {
    const state = String(call.state.snapshot.value);
    const { letterId } = call.state.snapshot.context as CommitmentLetterContext;
    const facts = await factsOf(trx, letterId);
    if (call.command === 'agree' && (state === 'complianceReview' || state === 'countersign'))
      return { oaLink: oaLinkOf(facts.no) };
    if (call.command === 'stamp') {
      const url = Array.isArray(facts.scan) ? facts.scan[0]?.FileURL : undefined;
      if (!url)
        throw fieldError('commitmentLetter', 'commitmentLetterUrl', {
          key: 'letters.problems.scanRequired',
          params: {},
        });
      return { scanUrl: url };
    }
    return undefined;
  },
};
