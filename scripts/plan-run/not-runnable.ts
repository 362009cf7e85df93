/**
 * The declared workflows whose plans a run cannot take yet, each with why: what the portal lacks for
 * it, so the gap is said where a tester looks (`npm run paths -- <w> --run`) and a test holds every
 * other declared workflow to a starter.
 */
export const notRunnable: Record<string, string> = {
  approval:
    'the approval template every application’s chart is built from: no page starts one and no record goes through it, so a run has nothing to begin on (its model and engine tests run it)',
};
