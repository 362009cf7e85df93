import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { useEffect } from 'react';
import type { AnyStateMachine } from 'xstate';
import { processHistoryMachine } from '../../machines/viewer/history.machine';
import { highlightAt } from '../../machines/viewer/replay';
import { useT } from '../app-context';
import { HistoryEvents } from './history-events';
import { HistoryStreams } from './history-streams';
import { stateWords, topState } from './history-words';
import type { ViewerActor } from './viewer-actor';

export type HistoryActor = ReturnType<typeof useHistoryActor>;
const useHistoryActor = (workflow: string, machine: AnyStateMachine) =>
  useActorRef(processHistoryMachine, { input: { workflow, machine } });

/** Replays a stored stream of a workflow on its diagram, one step at a time. */
export function HistoryPanel({
  viewer,
  workflow,
  machine,
}: {
  viewer: ViewerActor;
  workflow: string;
  machine: AnyStateMachine;
}) {
  const t = useT();
  const history = useHistoryActor(workflow, machine);
  const steps = useSelector(history, (s) => s.context.steps);
  const step = useSelector(history, (s) => s.context.step);
  const replaying = useSelector(history, (s) => s.matches('replaying'));
  const error = useSelector(history, (s) => s.context.error);
  const canBack = useSelector(history, (s) => s.can({ type: 'step.back' }));
  const canNext = useSelector(history, (s) => s.can({ type: 'step.next' }));

  useEffect(() => {
    viewer.send({ type: 'highlight.set', highlight: steps.length ? highlightAt(steps, step) : undefined });
  }, [viewer, steps, step]);

  const current = steps[step];
  const control = (
    type: 'step.first' | 'step.back' | 'step.next' | 'step.last',
    icon: string,
    enabled: boolean,
  ) => (
    <Button
      size="small"
      icon={icon}
      aria-label={t(`workflows.history.${type.split('.')[1]}`)}
      title={t(`workflows.history.${type.split('.')[1]}`)}
      disabled={!enabled}
      onClick={() => history.send({ type })}
    />
  );

  return (
    <section className="wf-history" aria-label={t('workflows.history.title')}>
      <header>
        <h4>{t('workflows.history.title')}</h4>
      </header>
      {error && (
        <div className="portal-form-error" role="alert">
          {t(error)}
        </div>
      )}
      {replaying && current ? (
        <>
          <div className="wf-steps">
            {control('step.first', 'pi pi-step-backward', canBack)}
            {control('step.back', 'pi pi-chevron-left', canBack)}
            <span className="wf-step-label">
              {t('workflows.history.step', { step: step + 1, total: steps.length })} ·{' '}
              {t('workflows.history.state')}:{' '}
              <strong className="wf-step-state" title={current.value}>
                {stateWords(t, workflow, topState(current.value))}
              </strong>
            </span>
            {control('step.next', 'pi pi-chevron-right', canNext)}
            {control('step.last', 'pi pi-step-forward', canNext)}
            <Button
              size="small"
              text
              label={t('workflows.history.close')}
              onClick={() => history.send({ type: 'stream.close' })}
            />
          </div>
          <HistoryEvents history={history} />
        </>
      ) : (
        <HistoryStreams history={history} />
      )}
    </section>
  );
}
