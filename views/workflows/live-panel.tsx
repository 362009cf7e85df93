import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { AnyActor, AnyStateMachine } from 'xstate';
import type { AppActors } from '../../machines/app-actors';
import { activeStateIds, transitionId } from '../../machines/viewer/diagram-graph';
import { inspectionBus } from '../../machines/viewer/inspection';
import { useApp, useT } from '../app-context';
import type { ViewerActor } from './viewer-actor';

const LIVE: (keyof AppActors)[] = ['session', 'guard', 'tabs', 'settings', 'locale'];
const RECENT = 12;

/** The browser tab's app-wide actors; choosing one draws its machine and follows it live. */
export function LiveActorList({ viewer }: { viewer: ViewerActor }) {
  const t = useT();
  const actors = useApp();
  const selected = useSelector(viewer, (s) => s.context.selected);
  return (
    <nav className="wf-machine-list" aria-label={t('workflows.live.title')}>
      <section>
        <h4>{t('workflows.live.title')}</h4>
        <ul>
          {LIVE.map((name) => (
            <li key={name}>
              <button
                type="button"
                className={`wf-machine-item ${name === selected ? 'is-active' : ''}`}
                aria-current={name === selected ? 'true' : undefined}
                data-actor={name}
                onClick={() =>
                  viewer.send({
                    type: 'machine.show',
                    id: name,
                    machine: actors[name].logic as AnyStateMachine,
                  })
                }
              >
                <span>{t(`workflows.liveActors.${name}`)}</span>
                <code>{name}</code>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </nav>
  );
}

interface Seen {
  n: number;
  type: string;
  at: string;
}

/** Follows one live actor: its current state and the transitions of its last event light up. */
export function LiveWatch({ viewer, name }: { viewer: ViewerActor; name: keyof AppActors }) {
  const t = useT();
  const actor = useApp()[name] as unknown as AnyActor;
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
        const seen = { n: ++count, type: event.event.type, at: new Date().toLocaleTimeString() };
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
