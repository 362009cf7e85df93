import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import type { ActorRefFrom } from 'xstate';
import type { importLogic } from '../../machines/kit/import.actors';
import { useT } from '../app-context';

/** What the server made of the last file: the rows imported, or the refused rows and why, row by row. */
export function ImportVerdict({ importer }: { importer: ActorRefFrom<typeof importLogic> }) {
  const t = useT();
  const answer = useSelector(importer, (s) =>
    s.matches({ upload: 'sending' }) ? undefined : s.context.answer,
  );
  const downloading = useSelector(importer, (s) => s.hasTag('downloading'));
  if (!answer) return null;
  if (answer.Committed)
    return (
      <p role="status" className="portal-import-committed">
        {answer.AddedCount + answer.ReplacedCount === 0
          ? t('imports.kit.unchanged', { n: answer.UnchangedCount })
          : t('imports.kit.changes', {
              n: answer.SuccessCount,
              added: answer.AddedCount,
              replaced: answer.ReplacedCount,
              unchanged: answer.UnchangedCount,
            })}
      </p>
    );
  return (
    <section className="portal-import-rejected" aria-live="polite">
      <p role="alert">
        {t('imports.kit.rejected', {
          total: answer.TotalCount,
          accepted: answer.TotalCount - answer.FailCount,
          rejected: answer.FailCount,
        })}
      </p>
      {answer.RejectedFile && (
        <Button
          size="small"
          text
          icon="pi pi-file-excel"
          label={t('imports.kit.rejectedFile')}
          loading={downloading}
          onClick={() => importer.send({ type: 'rejected.download' })}
        />
      )}
      <table className="portal-import-reasons">
        <thead>
          <tr>
            <th scope="col">{t('imports.kit.row')}</th>
            <th scope="col">{t('imports.kit.reasons')}</th>
          </tr>
        </thead>
        <tbody>
          {answer.Rejected.map((row) => (
            <tr key={row.Row}>
              <td>{row.Row}</td>
              <td>{row.Reasons.join('; ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
