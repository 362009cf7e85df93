import '../styles/workflow-simulator.css';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { pathSamples } from '../../machines/viewer/path-samples';
import { stepLine } from '../../machines/viewer/plan-report';
import { planWords } from '../../machines/viewer/plan-words';
import {
  currentStep,
  isFinished,
  pathHighlight,
  personOf,
  plannedNext,
  resetSimulation,
  rolesOf,
  type Simulation,
  sendEvent,
  simulationHighlight,
  simulationPath,
  simulatorSetup,
  startError,
  startSimulation,
  stepBack,
} from '../../machines/viewer/simulator';
import { eventOptions, type SimDraft, type SimOption } from '../../machines/viewer/simulator-options';
import type { PlanPath } from '../../machines/viewer/test-paths';
import { useLang, useT } from '../app-context';
import { SimulatorEvent } from './simulator-event';
import { personWords, simRoleWords } from './simulator-words';
import type { ViewerActor } from './viewer-actor';

/** A test path chosen in the paths panel, to show on the chart and step through. */
export interface PlannedPath {
  path: PlanPath;
  /** The path's goal in words. */
  goal: string;
  /** Raised on every choice, so choosing the same path again loads it again. */
  count: number;
}

/**
 * The what-if simulator (docs/workflow-viewer.md "Simulator"): the analyst plays the chart as a person
 * of the example, sees what that person may send now with each guard said and checked, sends it with
 * a payload, and follows the state on the chart; undo, start over, or walk a planned test path.
 * Everything is computed in machines/viewer/simulator*.ts; nothing reaches the server.
 */
export function SimulatorPanel({
  viewer,
  machine,
  planned,
}: {
  viewer: ViewerActor;
  machine: AnyStateMachine;
  planned?: PlannedPath;
}) {
  const t = useT();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const setup = useMemo(() => simulatorSetup(machine, pathSamples[machine.id]), [machine]);
  const error = useMemo(() => startError(setup), [setup]);
  const [sim, setSim] = useState<Simulation | undefined>(() => (error ? undefined : startSimulation(setup)));
  const [personKey, setPersonKey] = useState(setup.people[0]?.key ?? '');
  const [drafts, setDrafts] = useState<Record<string, SimDraft>>({});
  const [path, setPath] = useState<PlannedPath>();
  const words = useMemo(
    () =>
      planWords(machine, t, {
        lang: lang === 'en' ? 'en' : 'zh',
        // A colleague forwarded to is named as the simulator names its people ("finance 2").
        personWords: (p) => (p.id ? personWords(t, setup, personOf(setup, p.id)) : undefined),
      }),
    [machine, t, lang, setup],
  );
  const person = personOf(setup, personKey);

  // A path chosen in the paths panel opens the simulator at the start, ready to follow it.
  useEffect(() => {
    if (!planned || error) return;
    setOpen(true);
    setPath(planned);
    setSim(startSimulation(setup));
    setDrafts({});
    const next = plannedNext(setup, startSimulation(setup), planned.path);
    if (next) setPersonKey(next.person);
  }, [planned, setup, error]);

  // While open, the chart shows where the simulation stands; closing it leaves the chart as it was.
  const highlighted = useRef(false);
  const planHighlight = useMemo(
    () => (path ? pathHighlight(machine, path.path) : undefined),
    [machine, path],
  );
  useEffect(() => {
    if (open && sim) {
      highlighted.current = true;
      viewer.send({ type: 'highlight.set', highlight: simulationHighlight(sim, planHighlight) });
    } else if (highlighted.current) {
      highlighted.current = false;
      viewer.send({ type: 'highlight.set', highlight: undefined });
    }
  }, [viewer, open, sim, planHighlight]);

  const options = useMemo(
    () => (open && sim ? eventOptions(setup, sim, personKey, drafts) : []),
    [open, sim, setup, personKey, drafts],
  );
  const mine = options.filter((o) => o.forPerson);
  const others = options.filter((o) => !o.forPerson);
  const next = sim && path ? plannedNext(setup, sim, path.path) : undefined;

  const go = (change: (s: Simulation) => Simulation) => {
    setSim((s) => (s ? change(s) : s));
    setDrafts({});
  };
  const send = (option: SimOption) => go((s) => sendEvent(setup, s, option.event, personKey));
  const sendPlanned = () => {
    if (!sim || !next || !path) return;
    const after = sendEvent(setup, sim, next.event, next.person);
    setSim(after);
    setDrafts({});
    const following = plannedNext(setup, after, path.path);
    setPersonKey(following?.person ?? next.person);
  };
  const chooseRole = (role: string) => setPersonKey(setup.people.find((p) => p.role === role)?.key ?? '');

  const card = (option: SimOption, sendable: boolean) => (
    <SimulatorEvent
      key={option.type}
      setup={setup}
      option={option}
      words={words}
      draft={drafts[option.type] ?? {}}
      onDraft={(draft) => setDrafts((d) => ({ ...d, [option.type]: draft }))}
      onSend={sendable ? () => send(option) : undefined}
    />
  );

  const here = sim && currentStep(sim);
  const steps = sim ? words.path(simulationPath(sim)).steps : [];

  return (
    <details className="wf-sim" open={open} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>{t('workflows.sim.title')}</summary>
      {open && error && (
        <p className="wf-muted" role="alert">
          {t('workflows.sim.cannotStart', { error })}
        </p>
      )}
      {open && sim && here && (
        <div className="wf-sim-body">
          <p className="wf-muted">{t('workflows.sim.hint')}</p>
          <div className="wf-sim-who">
            <label className="wf-sim-field">
              <span>{t('workflows.sim.role')}</span>
              <select value={person?.role ?? ''} onChange={(e) => chooseRole(e.target.value)}>
                {rolesOf(setup).map((role) => (
                  <option key={role} value={role}>
                    {simRoleWords(t, role)}
                  </option>
                ))}
              </select>
            </label>
            <label className="wf-sim-field">
              <span>{t('workflows.sim.person')}</span>
              <select value={personKey} onChange={(e) => setPersonKey(e.target.value)}>
                {setup.people
                  .filter((p) => p.role === person?.role)
                  .map((p) => (
                    <option key={p.key} value={p.key} title={p.actor?.name}>
                      {personWords(t, setup, p)}
                    </option>
                  ))}
              </select>
            </label>
          </div>
          <div className="wf-sim-state">
            {t('workflows.sim.state')}: <strong>{words.status(here.snapshot)}</strong>
            {isFinished(sim) && <span className="wf-sim-final">{t('workflows.sim.finished')}</span>}
          </div>
          <div className="wf-steps">
            <Button
              size="small"
              outlined
              icon="pi pi-undo"
              label={t('workflows.sim.undo')}
              disabled={sim.steps.length < 2}
              onClick={() => go(stepBack)}
            />
            <Button
              size="small"
              outlined
              icon="pi pi-refresh"
              label={t('workflows.sim.reset')}
              disabled={sim.steps.length < 2}
              onClick={() => go(resetSimulation)}
            />
          </div>
          {path && (
            <div className="wf-sim-plan">
              <strong>{t('workflows.sim.planned', { n: path.path.n, goal: path.goal })}</strong>
              <div className="wf-steps">
                {next ? (
                  <Button size="small" label={t('workflows.sim.plannedNext')} onClick={sendPlanned} />
                ) : (
                  <span className="wf-muted">
                    {sim.steps.length - 1 >= path.path.steps.length
                      ? t('workflows.sim.plannedDone')
                      : t('workflows.sim.plannedOff')}
                  </span>
                )}
                <Button
                  size="small"
                  text
                  label={t('workflows.sim.plannedClear')}
                  onClick={() => setPath(undefined)}
                />
              </div>
            </div>
          )}
          {sim.failed && (
            <p className="portal-form-error" role="alert">
              {t('workflows.sim.failed', { event: words.event(sim.failed.type), error: sim.failed.error })}
            </p>
          )}
          <h5>{t('workflows.sim.enabled')}</h5>
          {mine.length ? (
            <ul className="wf-sim-events">{mine.map((o) => card(o, true))}</ul>
          ) : (
            <p className="wf-muted">{t('workflows.sim.none')}</p>
          )}
          {others.length > 0 && (
            <details className="wf-sim-others">
              <summary>{t('workflows.sim.others', { count: others.length })}</summary>
              <ul className="wf-sim-events">{others.map((o) => card(o, false))}</ul>
            </details>
          )}
          <h5>{t('workflows.sim.steps')}</h5>
          {steps.length ? (
            <ol className="wf-sim-steps">
              {steps.map((step, i) => (
                <li key={step.n}>
                  {stepLine(
                    {
                      ...step,
                      who: personWords(t, setup, personOf(setup, sim.steps[i + 1].person)),
                      login: '',
                    },
                    t,
                  )}
                </li>
              ))}
            </ol>
          ) : (
            <p className="wf-muted">{t('workflows.sim.noSteps')}</p>
          )}
        </div>
      )}
    </details>
  );
}
