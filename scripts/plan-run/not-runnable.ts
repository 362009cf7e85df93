/**
 * The declared workflows whose plans a run cannot take yet, each with why: what the portal lacks for
 * it, so the gap is said where a tester looks (`npm run paths -- <w> --run`) and a test holds every
 * other declared workflow to a starter.
 */
export const notRunnable: Record<string, string> = {
  approval:
    'the engine’s generic chain: no page of the portal starts one (its model and engine tests run it)',
  rebatePolicy:
    'its example decides in two steps (channel department, then the executive) where the portal approves a policy by the executive alone, and a superseded policy needs a corrected version published through its own approval',
  salesTask:
    'its example decides in two steps where the portal approves a task package by the executive alone, and its paths need RSP lines added and answered between steps the chart has no step for',
};
