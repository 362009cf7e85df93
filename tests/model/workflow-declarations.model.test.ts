import { afterAll, describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { workflowPathSamples } from '../../machines/viewer/path-samples-workflows';
import type { WorkflowActor } from '../../machines/workflows/actor';
import { AWAITING_DECISION, type WorkflowDeclaration } from '../../machines/workflows/declaration';
import { chainContextKey, commandEvents } from '../../machines/workflows/declaration-events';
import { workflowDeclarations } from '../../machines/workflows/registry';
import { SYSTEM_ROLE } from '../../machines/workflows/rsp-task-confirmation.workflow';
import { CoverageRecorder, describeEvent, pathsFor, writeCoverageReport } from './model-kit';

/**
 * Model tests generated from every declared workflow (machines/workflows/declaration-events.ts): paths
 * reach every state and take every transition, and on every step the rules an auditor relies on hold.
 */
const asksOf = (declaration: WorkflowDeclaration, type: string) =>
  Object.values(declaration.commands).find((c) => c.event === type)?.asks;

for (const declaration of workflowDeclarations) {
  const { machine, example } = declaration;
  const coverage = new CoverageRecorder();
  const paths = pathsFor(machine, {
    events: commandEvents(declaration),
    input: example.input,
    // What of the context tells states apart, as the workflow's test-path plan reads it.
    contextKey: (snapshot) =>
      (workflowPathSamples[declaration.name]?.contextKey ?? chainContextKey)(snapshot as never),
  });

  describe(`the ${declaration.name} workflow, from its declaration`, () => {
    it('reaches every state', () =>
      expect(paths.length).toBeGreaterThanOrEqual(Object.keys(machine.states).length));

    for (const path of paths) {
      const title = path.steps
        .slice(1)
        .map(
          (s) =>
            `${describeEvent({ type: s.event.type })}@${(s.event as { actor?: WorkflowActor }).actor?.id}`,
        )
        .join(' → ');
      it(title || '(start)', () => {
        const actor = createActor(machine, {
          input: example.input,
          inspect: coverage.inspect,
        } as never).start();
        coverage.recordSnapshot(actor.getSnapshot());
        for (const step of path.steps.slice(1)) {
          const event = step.event as AnyEventObject;
          const before = actor.getSnapshot();
          const waitedFor = before.hasTag(AWAITING_DECISION) ? declaration.decider(before) : null;
          expect(before.can(event as never), 'the server would accept this step').toBe(true);
          actor.send(event as never);
          const after = actor.getSnapshot();
          expect(after.value).toEqual(step.state.value);
          // A command that asks for a reason never goes through without one.
          if (['reason', 'proposal', 'adjustment', 'loss'].includes(asksOf(declaration, event.type) ?? ''))
            expect(String(event.reason).trim()).not.toBe('');
          // A state that waits for a decision always names who decides it.
          if (after.status === 'active' && after.hasTag(AWAITING_DECISION))
            expect(declaration.decider(after)).not.toBeNull();
          // Whoever moved a waiting stream on was the one it waited for (or the applicant taking it back,
          // or the server's own signature: a deadline job answering for someone who stayed silent).
          if (
            waitedFor &&
            before.value !== after.value &&
            !/withdraw/.test(event.type) &&
            event.actor.role !== SYSTEM_ROLE
          )
            expect(
              waitedFor.personId
                ? event.actor.id === waitedFor.personId
                : event.actor.role === waitedFor.role,
            ).toBe(true);
        }
      });
    }
  });

  afterAll(() => {
    const report = coverage.report(machine);
    writeCoverageReport(report, paths.length);
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
}
