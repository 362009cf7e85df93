import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { useT } from '../app-context';
import type { HistoryActor } from './history-panel';

const day = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 16) : '');

/** The workflow's streams, newest first: open one to replay it. */
export function HistoryStreams({ history }: { history: HistoryActor }) {
  const t = useT();
  const streams = useSelector(history, (s) => s.context.streams);
  const busy = useSelector(history, (s) => s.hasTag('busy'));
  return (
    <div className="wf-streams">
      <div className="wf-streams-head">
        <span>{t('workflows.history.streams')}</span>
        <Button
          size="small"
          text
          icon="pi pi-refresh"
          label={t('workflows.history.reload')}
          disabled={busy}
          onClick={() => history.send({ type: 'streams.reload' })}
        />
      </div>
      {streams.length === 0 ? (
        <p className="wf-muted">{busy ? '…' : t('workflows.history.none')}</p>
      ) : (
        <table className="wf-table">
          <thead>
            <tr>
              <th>{t('workflows.history.streamId')}</th>
              <th>{t('workflows.history.status')}</th>
              <th>{t('workflows.history.startedBy')}</th>
              <th>{t('workflows.history.columns.at')}</th>
            </tr>
          </thead>
          <tbody>
            {streams.map((row) => (
              <tr key={row.StreamID}>
                <td>
                  <Button
                    link
                    size="small"
                    className="wf-stream-link"
                    label={row.StreamID}
                    onClick={() => history.send({ type: 'stream.open', streamId: row.StreamID })}
                  />
                </td>
                <td>{t(`server.workflow.states.${row.Status}`)}</td>
                <td>{row.StartedBy}</td>
                <td>{day(row.UpdatedOn)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
