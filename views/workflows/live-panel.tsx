import { useSelector } from '@xstate/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AnyActor, AnyStateMachine } from 'xstate';
import { pageById } from '../../catalogue/catalogue';
import { formatDateTime } from '../../domain/format';
import type { AppActors } from '../../machines/app-actors';
import { registryEntry } from '../../machines/registry';
import { activeStateIds, transitionId } from '../../machines/viewer/diagram-graph';
import { inspectionBus } from '../../machines/viewer/inspection';
import { machineOf, pageActors } from '../../machines/viewer/page-actors';
import { type Translate, useApp, useT } from '../app-context';
import type { ViewerActor } from './viewer-actor';

const LIVE: (keyof AppActors)[] = ['session', 'guard', 'tabs', 'settings', 'locale'];
const RECENT = 12;

/** A live actor the viewer can follow: an app-wide one by its name, a page's by `page:<sessionId>`. */
export interface LiveActor {
  actor: AnyActor;
  title: string;
}

/** The machine's name as the viewer's list says it; a machine the list lacks, by its id in words. */
const machineTitle = (t: Translate, id: string) =>
  registryEntry(id) ? t(`workflows.machines.${id}`) : id.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

const tabTitle = (t: Translate, pageId: string) => {
  const page = pageById(pageId);
  return page ? t(page.titleKey) : pageId;
};

/** The running page actors, following the tabs as pages open and close. */
const usePageActors = () => useSyncExternalStore(pageActors.subscribe, pageActors.list);

/** The live actor a key names (an app-wide actor's name or a page actor's key), with its title. */
export function useLiveActor(key: string | undefined): LiveActor | undefined {
  const t = useT();
  const actors = useApp();
  const pages = usePageActors();
  if (!key) return undefined;
  if ((LIVE as string[]).includes(key))
    return {
      actor: actors[key as keyof AppActors] as unknown as AnyActor,
      title: t(`workflows.liveActors.${key}`),
    };
  const entry = pages.find((p) => p.key === key);
  return entry && { actor: entry.actor as AnyActor, title: machineTitle(t, machineOf(entry).id) };
}

function LiveItem({
  viewer,
  id,
  machine,
  title,
}: {
  viewer: ViewerActor;
  id: string;
  machine: AnyStateMachine;
  title: string;
}) {
  const selected = useSelector(viewer, (s) => s.context.selected);
  return (
    <li>
      <button
        type="button"
        className={`wf-machine-item ${id === selected ? 'is-active' : ''}`}
        aria-current={id === selected ? 'true' : undefined}
        data-actor={id}
        data-machine-id={machine.id}
        onClick={() => viewer.send({ type: 'machine.show', id, machine })}
      >
        <span>{title}</span>
        <code>{machine.id}</code>
      </button>
    </li>
  );
}

/**
 * The browser tab's live actors: the app-wide ones, then those the pages of the open tabs run (a
 * list's table, a form's record, the viewer's own), each tab by its page's title. Choosing one draws
 * its machine and follows it live.
 */
export function LiveActorList({ viewer }: { viewer: ViewerActor }) {
  const t = useT();
  const actors = useApp();
  const pages = usePageActors();
  const tabs = [...new Set(pages.map((p) => p.tab))];
  return (
    <nav className="wf-machine-list" aria-label={t('workflows.live.title')}>
      <section>
        <h4>{t('workflows.live.title')}</h4>
        <ul>
          {LIVE.map((name) => (
            <LiveItem
              key={name}
              viewer={viewer}
              id={name}
              machine={actors[name].logic as AnyStateMachine}
              title={t(`workflows.liveActors.${name}`)}
            />
          ))}
        </ul>
      </section>
      {tabs.map((tab) => {
        const onTab = pages.filter((p) => p.tab === tab);
        return (
          <section key={tab} className="wf-live-tab" data-tab-path={tab}>
            <h4>{t('workflows.live.pageActors', { page: tabTitle(t, onTab[0].pageId) })}</h4>
            <ul>
              {onTab.map((entry) => (
                <LiveItem
                  key={entry.key}
                  viewer={viewer}
                  id={entry.key}
                  machine={machineOf(entry)}
                  title={machineTitle(t, machineOf(entry).id)}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </nav>
  );
}

interface Seen {
  n: number;
  type: string;
  at: string;
}

/** Follows one live actor: its current state and the transitions of its last event light up. */
export function LiveWatch({ viewer, actor }: { viewer: ViewerActor; actor: AnyActor }) {
  const t = useT();
  const machine = actor.logic as AnyStateMachine;
  const value = useSelector(actor, (s) => JSON.stringify(s.value));
  const [recent, setRecent] = useState<Seen[]>([]);
  const [taken, setTaken] = useState<string[]>([]);

  useEffect(() => {
    let pending: string[] = [];
    let count = 0;
    return inspectionBus.subscribe((event) => {
      if (event.actorRef !== actor) return;
      if (event.type === '@xstate.event') {
        pending = [];
        const seen = { n: ++count, type: event.event.type, at: formatDateTime(new Date()).slice(11) };
        setRecent((list) => [seen, ...list].slice(0, RECENT));
      }
      if (event.type === '@xstate.microstep') {
        pending = [...pending, ...event._transitions.map(transitionId)];
        setTaken(pending);
      }
    });
  }, [actor]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new state value means a new highlight.
  useEffect(() => {
    const current = activeStateIds(machine, actor.getSnapshot());
    viewer.send({ type: 'highlight.set', highlight: { states: current, current, transitions: taken } });
  }, [viewer, machine, actor, value, taken]);

  return (
    <section className="wf-live" aria-label={t('workflows.live.current')}>
      <p>
        {t('workflows.live.current')}: <code className="wf-live-value">{value}</code>
      </p>
      <h4>{t('workflows.live.recent')}</h4>
      {recent.length === 0 ? (
        <p className="wf-muted">{t('workflows.live.noEvents')}</p>
      ) : (
        <ol className="wf-live-events">
          {recent.map((seen) => (
            <li key={seen.n}>
              <code>{seen.type}</code> <span className="wf-muted">{seen.at}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
