import { useSelector } from '@xstate/react';
import { formatDateTime } from '../../domain/format';
import { useT } from '../app-context';
import type { HistoryActor } from './history-panel';
import { eventWords, roleWords } from './history-words';

/** The stream's events beside the diagram: the current step marked, later ones dimmed; a click jumps there. */
export function HistoryEvents({ history }: { history: HistoryActor }) {
  const t = useT();
  const steps = useSelector(history, (s) => s.context.steps);
  const step = useSelector(history, (s) => s.context.step);
  const column = (key: string) => t(`workflows.history.columns.${key}`);
  return (
    <table className="wf-table wf-events">
      <thead>
        <tr>
          {['seq', 'type', 'actor', 'role', 'at', 'note'].map((key) => (
            <th key={key}>{column(key)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {steps.map(({ event, accepted, followed }, index) => (
          <tr
            key={event.Seq}
            className={[
              index === step ? 'is-current' : '',
              index > step ? 'is-later' : '',
              accepted ? '' : 'is-refused',
            ]
              .filter(Boolean)
              .join(' ')}
            aria-current={index === step ? 'step' : undefined}
            onClick={() => history.send({ type: 'step.go', index })}
          >
            <td>{event.Seq}</td>
            <td>
              <span title={event.Type}>{eventWords(t, event.Workflow, event.Type)}</span>
              {!accepted && (
                <span className="wf-muted">
                  {' · '}
                  {t(followed ? 'workflows.history.followed' : 'workflows.history.refused')}
                </span>
              )}
            </td>
            <td>{event.ActorName}</td>
            <td>
              {event.RoleName && event.RoleName !== event.Role ? event.RoleName : roleWords(t, event.Role)}
            </td>
            <td>{formatDateTime(event.At)}</td>
            <td>{event.Comment ?? event.Reason ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
