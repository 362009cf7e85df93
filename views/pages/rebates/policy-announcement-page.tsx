import { AnnouncementStatus } from '../../../domain/codes/rebates.codes';
import '../../styles/record-panel.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import { recordQuery } from '../../../machines/kit/record.actors';
import { policyVersionsLogic } from '../../../machines/rebates/policy-versions.actors';
import { useLang, useT } from '../../app-context';
import { ColumnHeads } from '../../kit/column-heads';
import RecordPage from '../../kit/record-page';
import { toast } from '../../shell/toast-bus';
import type { PageProps } from '../page-view';

/** Drafts (and returned ones) are edited on the entry form; every other version is read on its detail page. */
const EDITABLE_STATUS = AnnouncementStatus.draft;

/**
 * A policy announcement (its entry form or its detail page) with its versions under the fields:
 * after publication its calculation parameters are frozen, so a correction is drafted here as the
 * next version, which opens on the entry form for its author to change and submit.
 */
export default function PolicyAnnouncementPage(props: PageProps) {
  const { objectId } = useMemo(
    () => recordQuery(props.query, props.page.kind),
    [props.query, props.page.kind],
  );
  return (
    <RecordPage {...props}>
      {objectId && <PolicyVersionsPanel key={objectId} objectId={objectId} />}
    </RecordPage>
  );
}

function PolicyVersionsPanel({ objectId }: { objectId: string }) {
  const t = useT();
  const lang = useLang();
  const [, navigate] = useLocation();
  const versions = useActorRef(policyVersionsLogic, { input: { objectId, lang } });
  const answer = useSelector(versions, (s) => s.context.versions);
  const error = useSelector(versions, (s) => s.context.error);
  const refusal = useSelector(versions, (s) => s.context.refusal);
  const busy = useSelector(versions, (s) => s.hasTag('busy'));
  const drafting = useSelector(versions, (s) => s.matches('drafting'));
  const text = (key: string, params?: Record<string, unknown>) => t(`rebate.policy.versions.${key}`, params);
  const open = (id: string, status: string | null) =>
    navigate(
      status === EDITABLE_STATUS
        ? `/rebates/announcement-entry?objectID=${id}&action=edit`
        : `/rebates/announcement-detail?objectID=${id}`,
    );
  const latest = useRef({ text, navigate });
  latest.current = { text, navigate };

  useEffect(() => {
    const sub = versions.on('drafted', (e) => {
      toast({ text: latest.current.text('drafted'), severity: 'success', life: 3000 });
      latest.current.navigate(`/rebates/announcement-entry?objectID=${e.objectId}&action=edit`);
    });
    return () => sub.unsubscribe();
  }, [versions]);

  if (!answer && !error) return null;
  const statusText = (keyword: string | null) =>
    answer?.statuses.find((o) => o.keyword === keyword)?.content ?? keyword ?? '';
  return (
    <fieldset className="portal-record-panel" data-testid="policy-versions" aria-busy={busy}>
      <legend>{text('title')}</legend>
      {error && (
        <div className="portal-form-error" role="alert">
          {error}
        </div>
      )}
      {answer && (
        <table>
          <ColumnHeads keys={['version', 'no', 'status', 'open']} label={(key) => text(`columns.${key}`)} />
          <tbody>
            {answer.Versions.map((v) => (
              <tr key={v.ObjectID} aria-current={v.ObjectID === objectId ? 'page' : undefined}>
                <td>{v.PolicyVersion}</td>
                <td>{v.AnnouncementNo}</td>
                <td>{statusText(v.AnnouncementStatus)}</td>
                <td>
                  {v.ObjectID === objectId ? (
                    text('current')
                  ) : (
                    <Button
                      type="button"
                      link
                      size="small"
                      label={text('open', { no: v.AnnouncementNo ?? '' })}
                      onClick={() => open(v.ObjectID, v.AnnouncementStatus)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {refusal && (
        <div className="portal-field-error" role="alert">
          {refusal}
        </div>
      )}
      {answer?.MayDraft && (
        <div className="portal-record-panel-actions">
          <span className="portal-hint">{text('frozen')}</span>
          <Button
            type="button"
            size="small"
            icon="pi pi-copy"
            label={text('draft')}
            loading={drafting}
            disabled={busy}
            onClick={() => versions.send({ type: 'version.draft' })}
          />
        </div>
      )}
    </fieldset>
  );
}
