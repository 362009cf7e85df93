import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useState } from 'react';
import { formatDateTime } from '../../domain/format';
import { pageCount } from '../../machines/viewer/history.machine';
import { useT } from '../app-context';
import type { HistoryActor } from './history-panel';
import { stateWords } from './history-words';

/** Searches the workflow's streams by their record's business number or name, or by stream id. */
function StreamSearch({ history }: { history: HistoryActor }) {
  const t = useT();
  const search = useSelector(history, (s) => s.context.search);
  const [typed, setTyped] = useState(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    history.send({ type: 'streams.search', search: typed });
  };
  return (
    <form className="wf-stream-form" onSubmit={submit}>
      <InputText
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        placeholder={t('workflows.history.searchPlaceholder')}
        aria-label={t('workflows.history.searchLabel')}
      />
      <Button size="small" type="submit" icon="pi pi-search" label={t('workflows.history.search')} />
      {search && (
        <Button
          size="small"
          text
          type="button"
          label={t('workflows.history.clear')}
          onClick={() => {
            setTyped('');
            history.send({ type: 'streams.search', search: '' });
          }}
        />
      )}
    </form>
  );
}

/** The workflow's streams, most recently active first, a page at a time: open one to replay it. */
export function HistoryStreams({ history }: { history: HistoryActor }) {
  const t = useT();
  const streams = useSelector(history, (s) => s.context.streams);
  const total = useSelector(history, (s) => s.context.total);
  const page = useSelector(history, (s) => s.context.page);
  const search = useSelector(history, (s) => s.context.search);
  const busy = useSelector(history, (s) => s.hasTag('busy'));
  const canBack = useSelector(history, (s) => s.can({ type: 'streams.page', page: s.context.page - 1 }));
  const canNext = useSelector(history, (s) => s.can({ type: 'streams.page', page: s.context.page + 1 }));
  const turn = (to: number, enabled: boolean, icon: string, label: string) => (
    <Button
      size="small"
      text
      icon={icon}
      aria-label={t(label)}
      title={t(label)}
      disabled={!enabled}
      onClick={() => history.send({ type: 'streams.page', page: to })}
    />
  );
  return (
    <div className="wf-streams" aria-busy={busy}>
      <div className="wf-streams-head">
        <span>{t('workflows.history.streams')}</span>
        <StreamSearch history={history} />
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
        <p className="wf-muted">
          {busy ? '…' : search ? t('workflows.history.noMatch', { search }) : t('workflows.history.none')}
        </p>
      ) : (
        <ul className="wf-stream-list">
          {streams.map((row) => (
            <li key={row.StreamID}>
              <button
                type="button"
                className="wf-stream-item"
                data-stream-id={row.StreamID}
                onClick={() => history.send({ type: 'stream.open', streamId: row.StreamID })}
              >
                <span className="wf-stream-line">
                  <strong>{row.SubjectLabel ?? t('workflows.history.noSubject')}</strong>
                  <span className="wf-stream-status">{stateWords(t, row.Workflow, row.Status)}</span>
                </span>
                <span className="wf-stream-line wf-muted">
                  <span>{t(`workflows.machines.${row.Workflow}`)}</span>
                  {row.StartedBy && <span>{`${t('workflows.history.startedBy')}: ${row.StartedBy}`}</span>}
                  <span>{`${t('workflows.history.updatedOn')}: ${formatDateTime(row.UpdatedOn)}`}</span>
                  <code>{row.StreamID}</code>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {total > streams.length && (
        <div className="wf-stream-pages">
          {turn(page - 1, canBack, 'pi pi-chevron-left', 'workflows.history.previousPage')}
          <span>{t('workflows.history.page', { page, pages: pageCount(total), total })}</span>
          {turn(page + 1, canNext, 'pi pi-chevron-right', 'workflows.history.nextPage')}
        </div>
      )}
    </div>
  );
}
