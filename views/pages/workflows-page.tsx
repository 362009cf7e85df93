import '../styles/workflows.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { registryEntry } from '../../machines/registry';
import type { ChainLane } from '../../machines/viewer/diagram-chains';
import type { GuardNote } from '../../machines/viewer/diagram-graph';
import { type ViewerMode, workflowViewerMachine } from '../../machines/viewer/viewer.machine';
import { useLang, useT } from '../app-context';
import { ChainsPanel } from '../workflows/chains-panel';
import { DiagramCanvas } from '../workflows/diagram-canvas';
import { DiagramDetails } from '../workflows/diagram-details';
import { DiagramLegend } from '../workflows/diagram-legend';
import { chartWords } from '../workflows/diagram-words';
import { HistoryPanel } from '../workflows/history-panel';
import { LiveActorList, LiveWatch, useLiveActor } from '../workflows/live-panel';
import { MachineList } from '../workflows/machine-list';
import { PathsPanel } from '../workflows/paths-panel';
import { type PlannedPath, SimulatorPanel } from '../workflows/simulator-panel';
import type { PageProps } from './page-view';

const MODES: ViewerMode[] = ['machines', 'live'];
const NO_NOTES: GuardNote[] = [];
/**
 * Below this width the machine list folds away once a chart is chosen, leaving the chart the page's
 * width (a 1440 px laptop included: with the list, the chart would have half the page).
 */
const NARROW = '(max-width: 1599px)';
const isNarrow = () => typeof window !== 'undefined' && window.matchMedia(NARROW).matches;

/**
 * The workflow viewer for analysts and testers (ARCHITECTURE.md §5): every statechart of the portal
 * drawn from its definition, with its business rules, a stored process replayed step by step, the
 * browser tab's live actors, and the test paths generated from the same machine.
 */
export default function WorkflowsPage({ page }: PageProps) {
  const t = useT();
  const viewer = useActorRef(workflowViewerMachine);
  const mode = useSelector(viewer, (s) => s.context.mode);
  const selected = useSelector(viewer, (s) => s.context.selected);
  const machine = useSelector(viewer, (s) => (s.matches('shown') ? s.context.machine : undefined));
  // The simulator keeps its game while the same chart is laid out again (language, direction).
  const loaded = useSelector(viewer, (s) => s.context.machine);
  // Too big to fit beside the details, the chart takes the page's width and the details go below it.
  const wide = useSelector(viewer, (s) => s.context.wide);
  const notes = useSelector(viewer, (s) => s.context.layout?.notes ?? NO_NOTES);
  const eventNotes = useSelector(viewer, (s) => s.context.layout?.eventNotes ?? NO_NOTES);
  const entry = mode === 'machines' && selected ? registryEntry(selected) : undefined;
  const live = useLiveActor(mode === 'live' ? selected : undefined);
  const lang = useLang();
  const words = useMemo(() => chartWords(t, lang === 'en' ? 'en' : 'zh'), [t, lang]);
  useEffect(() => viewer.send({ type: 'words.set', words }), [viewer, words]);
  // A workflow's configured approval chains are drawn on its chart too, in a lane under its states.
  const drawChains = useCallback(
    (chains?: ChainLane) => viewer.send({ type: 'chains.set', chains }),
    [viewer],
  );
  const [listOpen, setListOpen] = useState(() => !isNarrow());
  const [listChosen, setListChosen] = useState(false);
  // On a narrow screen the list folds away once a chart is chosen, until the analyst opens it again.
  useEffect(() => {
    if (selected && isNarrow() && !listChosen) setListOpen(false);
  }, [selected, listChosen]);
  const showList = listOpen || !selected;
  // A test path chosen in the paths panel is shown on the chart and loaded into the simulator.
  const [planned, setPlanned] = useState<PlannedPath & { machine: string }>();
  useEffect(() => {
    if (selected) setPlanned(undefined);
  }, [selected]);
  const list = {
    open: showList,
    toggle: () => {
      setListChosen(true);
      setListOpen(!showList);
    },
  };

  return (
    <section
      className={`portal-page portal-workflows ${showList ? '' : 'is-list-hidden'}`}
      aria-label={t(page.titleKey)}
    >
      <aside className="wf-sidebar" hidden={!showList}>
        <div className="wf-modes" role="tablist">
          {MODES.map((m) => (
            <Button
              key={m}
              size="small"
              role="tab"
              aria-selected={m === mode}
              outlined={m !== mode}
              label={t(`workflows.modes.${m}`)}
              onClick={() => viewer.send({ type: 'mode.change', mode: m })}
            />
          ))}
        </div>
        {mode === 'machines' ? <MachineList viewer={viewer} /> : <LiveActorList viewer={viewer} />}
      </aside>
      <div className="wf-main">
        <h3 className="wf-title">{entry ? t(entry.titleKey) : (live?.title ?? t(page.titleKey))}</h3>
        <div className={`wf-body ${wide ? 'is-wide' : ''}`}>
          {/* The legend stays under the chart, above the details when they move below it. */}
          <div className="wf-chart">
            <DiagramCanvas viewer={viewer} list={list} />
            {selected && <DiagramLegend words={words} notes={notes} events={eventNotes} />}
          </div>
          <div className="wf-side">
            {mode === 'machines' && loaded && (
              <SimulatorPanel
                key={`simulator-${selected}`}
                viewer={viewer}
                machine={loaded}
                planned={planned?.machine === loaded.id ? planned : undefined}
              />
            )}
            <DiagramDetails viewer={viewer} />
            {entry?.workflow && (
              <ChainsPanel key={`chains-${entry.id}`} workflow={entry.id} onChains={drawChains} />
            )}
          </div>
        </div>
        {entry?.workflow && machine && (
          <HistoryPanel key={`history-${entry.id}`} viewer={viewer} workflow={entry.id} machine={machine} />
        )}
        {live && machine && <LiveWatch key={`live-${selected}`} viewer={viewer} actor={live.actor} />}
        {machine && (
          <PathsPanel
            key={`${mode}-${selected}`}
            machine={machine}
            onPick={
              mode === 'machines'
                ? (path, goal) =>
                    setPlanned((p) => ({ machine: machine.id, path, goal, count: (p?.count ?? 0) + 1 }))
                : undefined
            }
          />
        )}
      </div>
    </section>
  );
}
