import { describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/roles';
import { machineRegistry } from '../../machines/registry';
import { pathSamples } from '../../machines/viewer/path-samples';
import { planOf } from '../../machines/viewer/plan-report';
import { planWords } from '../../machines/viewer/plan-words';
import {
  currentStep,
  isFinished,
  pathHighlight,
  plannedNext,
  resetSimulation,
  rolesOf,
  sendEvent,
  simulationHighlight,
  simulationPath,
  simulatorSetup,
  startError,
  startSimulation,
  stepBack,
} from '../../machines/viewer/simulator';
import { guardLeaves } from '../../machines/viewer/simulator-guards';
import { eventOptions } from '../../machines/viewer/simulator-options';
import { paymentApprovalWorkflow } from '../../machines/workflows/payment-approval.workflow';
import { findWorkflow } from '../../machines/workflows/registry';
import { translate } from '../../server/http/i18n';

const machine = paymentApprovalWorkflow;
const setup = simulatorSetup(machine, pathSamples[machine.id]);
const optionOf = (sim: ReturnType<typeof startSimulation>, person: string, drafts = {}) =>
  Object.fromEntries(eventOptions(setup, sim, person, drafts).map((o) => [o.type, o]));
const leaves = (option: { candidates: { guard?: unknown }[] }) =>
  option.candidates.flatMap((c) =>
    guardLeaves(c.guard as never).map((g) => [g.expr.kind === 'guard' ? g.expr.name : g.expr.kind, g.passed]),
  );

describe('the what-if simulator', () => {
  it('plays the payment approval as the people of its example, from its example input', () => {
    expect(rolesOf(setup)).toEqual([ROLE.finance, ROLE.salesOperations, ROLE.rspAgent]);
    expect(setup.people.map((p) => [p.key, p.n, p.applicant])).toEqual([
      ['finance-1', 1, true],
      ['finance-2', 2, false],
      ['ops-1', 1, false],
      ['agent-1', 1, false],
    ]);
    const sim = startSimulation(setup);
    expect(currentStep(sim).current).toContain('paymentApproval.inApproval');
  });

  it('lists the events a person may send now, each guard part checked', () => {
    const sim = startSimulation(setup);
    const finance = optionOf(sim, 'finance-1');
    expect(Object.keys(finance)).toEqual([
      'approval.agree',
      'approval.reject',
      'approval.return',
      'approval.forward',
    ]);
    expect(finance['approval.agree'].enabled).toBe(true);
    expect(leaves(finance['approval.agree'])).toEqual([
      ['isCurrentApprover', true],
      ['isLastNode', true],
    ]);
    // A return needs a reason: the person's, but not sendable until it is written.
    expect(finance['approval.return']).toMatchObject({ enabled: false, forPerson: true });
    expect(leaves(finance['approval.return'])).toEqual([
      ['isCurrentApprover', true],
      ['hasReason', false],
    ]);
    const written = optionOf(sim, 'finance-1', {
      'approval.return': { payload: { reason: 'amount does not match the slip' } },
    });
    expect(written['approval.return'].enabled).toBe(true);
    // A forward names a colleague of the role: the other finance person.
    const forward = finance['approval.forward'];
    expect(forward.fields.find((f) => f.kind === 'colleague')?.options?.map((p) => p.key)).toEqual([
      'finance-2',
    ]);
    expect(forward.event).toMatchObject({ to: 'finance-2', toRole: ROLE.finance });
    expect(forward.enabled).toBe(true);
    // Sales operations is not the approver: the commands are listed as not theirs.
    const ops = optionOf(sim, 'ops-1');
    expect(ops['approval.agree']).toMatchObject({ enabled: false, forPerson: false });
    expect(leaves(ops['approval.agree'])[0]).toEqual(['isCurrentApprover', false]);
  });

  it('sends, steps back, resets and reaches a final state', () => {
    let sim = startSimulation(setup);
    const refused = sendEvent(setup, sim, optionOf(sim, 'ops-1')['approval.agree'].event, 'ops-1');
    expect(refused).toBe(sim);

    const back = optionOf(sim, 'finance-1', {
      'approval.return': { payload: { reason: 'amount does not match the slip' } },
    });
    sim = sendEvent(setup, sim, back['approval.return'].event, 'finance-1');
    expect(currentStep(sim).current).toContain('paymentApproval.returned');
    expect(currentStep(sim).taken).toEqual(['paymentApproval.inApproval:approval.return:0']);
    // Only the applicant resubmits.
    expect(optionOf(sim, 'finance-2')['application.submit'].enabled).toBe(false);
    sim = sendEvent(setup, sim, optionOf(sim, 'finance-1')['application.submit'].event, 'finance-1');
    sim = sendEvent(setup, sim, optionOf(sim, 'finance-1')['approval.forward'].event, 'finance-1');
    expect(optionOf(sim, 'finance-1')['approval.agree'].enabled).toBe(false);
    const agree = optionOf(sim, 'finance-2')['approval.agree'];
    expect(agree.candidates[0].chosen).toBe(true);
    sim = sendEvent(setup, sim, agree.event, 'finance-2');
    expect(isFinished(sim)).toBe(true);
    expect(currentStep(sim).current).toContain('paymentApproval.approved');
    expect(eventOptions(setup, sim, 'finance-2')).toEqual([]);

    const highlight = simulationHighlight(sim);
    expect(highlight.current).toContain('paymentApproval.approved');
    expect(highlight.states).toEqual(
      expect.arrayContaining(['paymentApproval.returned', 'paymentApproval.inApproval']),
    );

    sim = stepBack(sim);
    expect(isFinished(sim)).toBe(false);
    expect(sim.steps).toHaveLength(4);
    sim = resetSimulation(sim);
    expect(sim.steps).toHaveLength(1);
    expect(stepBack(sim).steps).toBe(sim.steps);
  });

  it('loads a planned path and steps through it', () => {
    const words = planWords(machine, (k, p) => translate('zh', k, p), { lang: 'zh' });
    const plan = planOf(machine, pathSamples[machine.id], 'cover', words);
    const path = plan.paths.find((p) => p.target === 'approved') ?? plan.paths[0];
    const planned = pathHighlight(machine, path);
    expect(planned.transitions.length).toBe(path.steps.length);
    let sim = startSimulation(setup);
    for (let i = 0; i < path.steps.length; i++) {
      const next = plannedNext(setup, sim, path);
      expect(next).toBeDefined();
      sim = sendEvent(setup, sim, next!.event, next!.person);
    }
    expect(plannedNext(setup, sim, path)).toBeUndefined();
    expect(currentStep(sim).snapshot.value).toEqual(path.steps.at(-1)?.to.value);
    expect(words.path(simulationPath(sim)).steps).toHaveLength(path.steps.length);
  });

  it('names the colleague a forward goes to as the simulator names its people', () => {
    const t = (k: string, p?: Record<string, unknown>) => translate('en', k, p);
    let sim = startSimulation(setup);
    sim = sendEvent(setup, sim, optionOf(sim, 'finance-1')['approval.forward'].event, 'finance-1');
    const words = planWords(machine, t, {
      lang: 'en',
      personWords: (p) => (p.id === 'finance-2' ? 'Finance 2' : undefined),
    });
    expect(words.path(simulationPath(sim)).steps[0].input).toContain('Finance 2');
  });

  it('starts every registered chart it has an input for and offers its events without failing', async () => {
    const unstartable: string[] = [];
    for (const entry of machineRegistry) {
      const machine = await entry.load();
      const each = simulatorSetup(machine, pathSamples[machine.id]);
      if (startError(each)) {
        unstartable.push(machine.id);
        continue;
      }
      let sim = startSimulation(each);
      // A few steps as whoever can act, each event as its sample sends it.
      for (let i = 0; i < 3; i++) {
        const options = each.people.flatMap((p) =>
          eventOptions(each, sim, p.key).map((option) => ({ option, person: p.key })),
        );
        const go = options.find(({ option }) => option.enabled);
        if (!go) break;
        const after = sendEvent(each, sim, go.option.event, go.person);
        if (after.failed) break;
        sim = after;
      }
      expect(sim.steps.length, machine.id).toBeGreaterThan(0);
    }
    // A page machine without a sampled input says so in the panel; every business workflow starts.
    expect(unstartable.filter((id) => findWorkflow(id))).toEqual([]);
  }, 60_000);
});
