import '../styles/kit.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { pageById } from '../../catalogue/catalogue';
import { lockOf, pickerParamsOf } from '../../catalogue/define';
import { resourceActions, writesThrough } from '../../catalogue/page-actions';
import {
  presetOf,
  type RecordSaveExtras,
  recordLogicFor,
  recordQuery,
  type WireRecord,
} from '../../machines/kit/record.actors';
import { cachedRow } from '../../machines/kit/row-cache';
import { dictionaryCodesOf } from '../../machines/kit/table.actors';
import { useLang, useRoleCode, useT } from '../app-context';
import type { PageProps } from '../pages/page-view';
import { toast } from '../shell/toast-bus';
import { formatFieldValue } from './cell-value';
import { FieldInput } from './field-input';
import { fieldProblemText, problemToast } from './field-problem';
import { FileField } from './file-field';
import { fieldLabel } from './labels';
import { PickerField } from './picker-field';
import { RecordWorkflowPanel } from './record-workflow-panel';
import { SaveConfirmDialog } from './save-confirm-dialog';
import { useNoticeToasts } from './use-notice-toasts';
import { useCanOpen } from './use-page-offer';

// SPEC §3 file-owner codes by resource; attachments of other records count as contract files.
const OWNER_TYPES: Record<string, number> = {
  customer: 101,
  registrationInfo: 101,
  product: 141,
  visit: 131,
  rebateAnnouncement: 151,
  agreementTemplate: 221,
};
const fileOwnerOf = (resource?: string) => OWNER_TYPES[resource ?? ''] ?? 211;

/**
 * What a page built on the record page adds: a part of the form after the fields (drawn from the
 * record's values when it is a function), and to a new record's body.
 */
export interface RecordPageExtras extends Pick<RecordSaveExtras, 'editBody'> {
  children?: ReactNode | ((values: Record<string, unknown>) => ReactNode);
  extraBody?: () => Record<string, unknown>;
  /** A second button beside save that saves what is typed through a door of the page's own. */
  saveVia?: SaveVia;
  /** A save went through (`via` the page's door when it took it). */
  onSaved?: (saved: { objectId: string; via?: string }) => void;
  /**
   * Whether this reader may change the saved record at all, as the server answered it with the record
   * by the rule its save refuses by (a loan returned to its applicant is not a colleague's to change).
   */
  mayChange?: (saved: Record<string, unknown>) => boolean;
}

/** A save through a page's own door (an order saved and submitted in one request), offered while `offered`. */
export interface SaveVia {
  door: string;
  label: string;
  busyLabel: string;
  icon?: string;
  /** The notice once it went through (a locale key). */
  done: string;
  offered: boolean;
  send: (body: Record<string, unknown>) => Promise<WireRecord>;
  /** The words around a refusal that no field holds, shown beside the buttons until the next save. */
  refused: (message: string) => string;
}

/** The generic detail/edit page: the catalogue's fields as a form, read-only when action=detail. */
export default function RecordPage({
  page,
  query,
  children,
  extraBody,
  editBody,
  saveVia,
  onSaved,
  mayChange,
}: PageProps & RecordPageExtras) {
  const t = useT();
  const lang = useLang();
  const [, navigate] = useLocation();
  // Each save may change what the record's workflow offers (its panel asks again).
  const [saves, setSaves] = useState(0);
  const { objectId, action, sessionRowName } = useMemo(
    () => recordQuery(query, page.kind),
    [query, page.kind],
  );
  const roleCode = useRoleCode();
  const canOpen = useCanOpen();
  // A new record is saved only where a page of the menu offers to create one, as the server grants it.
  const mayCreate = useMemo(
    () => resourceActions(page.resource ?? '', canOpen, roleCode).has('create'),
    [canOpen, page.resource, roleCode],
  );
  const langRef = useRef(lang);
  langRef.current = lang;
  const labelOf = (field: string) => fieldLabel(t, page.resource, field);
  const labelRef = useRef(labelOf);
  labelRef.current = labelOf;
  const extraRef = useRef({ extraBody, editBody, saveVia, onSaved });
  extraRef.current = { extraBody, editBody, saveVia, onSaved };
  const fields = page.fields ?? [];
  const preset = useMemo(() => presetOf(query, page.fields ?? []), [query, page.fields]);
  const record = useActorRef(
    recordLogicFor(
      page,
      () => langRef.current,
      sessionRowName,
      (field) => labelRef.current(field),
      () => extraRef.current.extraBody?.() ?? {},
      {
        editBody: () => extraRef.current.editBody?.() ?? {},
        doors: () => {
          const via = extraRef.current.saveVia;
          return via ? { [via.door]: via.send } : {};
        },
      },
    ),
    {
      input: {
        objectId,
        action,
        fields,
        dictionaryCodes: dictionaryCodesOf(page),
        cached: cachedRow(sessionRowName, objectId),
        preset,
      },
    },
  );
  const values = useSelector(record, (s) => s.context.values);
  // The saved record's state decides which fields this page still writes (the server's same rule).
  const saved = useSelector(record, (s) => s.context.original);
  const errors = useSelector(record, (s) => s.context.errors);
  const dictionaries = useSelector(record, (s) => s.context.dictionaries);
  const editable = useSelector(record, (s) => s.hasTag('editable'));
  // A saved record its page locks whole in its state for the reader's role (a submitted order, a loan
  // not returned to its applicant), or the server's answer keeps from this reader, offers no save.
  const writable = fields.filter((f) => !f.readOnly);
  const lockedWhole =
    action !== 'add' &&
    ((writable.length > 0 && writable.every((f) => lockOf(page, f.field, saved, roleCode))) ||
      mayChange?.(saved) === false);
  // A saved record is changed here only by the roles that write through this page (its `writtenBy`),
  // and a form of read-only fields (an RSP's line, answered through its workflow) saves nothing.
  const savable =
    editable &&
    writable.length > 0 &&
    (action === 'add' ? mayCreate : writesThrough(page, roleCode)) &&
    !lockedWhole;
  const busy = useSelector(record, (s) => s.hasTag('busy'));
  const goingVia = useSelector(record, (s) => (s.matches('saving') ? s.context.via : undefined));
  const refusal = useSelector(record, (s) => s.context.refusal);
  const failure = useSelector(record, (s) => (s.matches('failed') ? s.context.error : undefined));

  // A refusal that names a field names it as the form labels it.
  useNoticeToasts(record, (e, t) =>
    t(
      e.message,
      e.params?.field ? { field: fieldLabel(t, page.resource, String(e.params.field)) } : e.params,
    ),
  );
  useEffect(() => {
    const subs = [
      record.on('problem', (e) => {
        toast({ ...problemToast(e.field, e.problem, t, labelRef.current), life: 3000 });
        const input = document.getElementById(`field-${e.field}`);
        input?.scrollIntoView({ block: 'center' });
        input?.focus({ preventScroll: true });
      }),
      record.on('created', (e) =>
        navigate(`${page.path}?objectID=${e.objectId}&action=edit`, { replace: true }),
      ),
      record.on('saved', (e) => {
        setSaves((n) => n + 1);
        extraRef.current.onSaved?.({ objectId: e.objectId, via: e.via });
      }),
    ];
    return () => {
      for (const sub of subs) sub.unsubscribe();
    };
  }, [record, t, navigate, page.path]);

  const back = page.parent ? pageById(page.parent) : undefined;
  return (
    <section className="portal-page portal-record-page" aria-label={t(page.titleKey)}>
      <h2>{action === 'add' ? `${t('app.record.newTitle')} · ${t(page.titleKey)}` : t(page.titleKey)}</h2>
      <RecordWorkflowPanel
        page={page}
        objectId={objectId}
        action={action}
        onDecided={() => record.send({ type: 'record.reload' })}
        saves={saves}
      />
      {failure && (
        <div className="portal-form-error" role="alert">
          {t('app.kit.loadFailed', { message: failure })}
        </div>
      )}
      <form
        className="portal-record-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (savable) record.send({ type: 'form.submit' });
        }}
      >
        {fields.map((field) => {
          const id = `field-${field.field}`;
          const error = errors[field.field];
          const readOnly =
            !savable ||
            field.readOnly ||
            (action !== 'add' && lockOf(page, field.field, saved, roleCode) !== undefined);
          return (
            <div key={field.field} className={`portal-field ${field.span === 2 ? 'is-wide' : ''}`}>
              <label htmlFor={id}>
                {labelOf(field.field)}
                {field.required && !readOnly && <span className="portal-required">*</span>}
              </label>
              {field.kind === 'file' ? (
                <FileField
                  value={values[field.field]}
                  readOnly={readOnly}
                  ownerType={fileOwnerOf(page.resource)}
                  ownerId={objectId}
                  onChange={(files) =>
                    record.send({ type: 'field.change', field: field.field, value: files })
                  }
                />
              ) : readOnly ? (
                <div id={id} className="portal-readonly-value">
                  {formatFieldValue(field, values, field.dict ? dictionaries[field.dict] : undefined, t) ||
                    '—'}
                </div>
              ) : field.picker ? (
                <PickerField
                  picker={field.picker}
                  field={field.field}
                  params={pickerParamsOf(page.id, field, values)}
                  multiple={field.multiple}
                  id={id}
                  value={values[field.field]}
                  invalid={Boolean(error)}
                  onChange={(text) => record.send({ type: 'field.change', field: field.field, value: text })}
                />
              ) : (
                <FieldInput
                  field={field}
                  id={id}
                  value={values[field.field]}
                  options={field.dict ? dictionaries[field.dict] : undefined}
                  invalid={Boolean(error)}
                  onChange={(value) => record.send({ type: 'field.change', field: field.field, value })}
                />
              )}
              {field.hint && !readOnly && (
                <small className="portal-hint" id={`${id}-hint`}>
                  {t(field.hint)}
                </small>
              )}
              {error && (
                <small className="portal-field-error" id={`${id}-error`} role="alert">
                  {fieldProblemText(field.field, error, t, labelOf)}
                </small>
              )}
            </div>
          );
        })}
        {typeof children === 'function' ? children(values) : children}
        <div className="portal-record-actions">
          {savable && (
            <Button type="submit" label={t('app.record.save')} loading={busy && !goingVia} disabled={busy} />
          )}
          {savable && saveVia?.offered && (
            <Button
              type="button"
              icon={saveVia.icon}
              label={goingVia === saveVia.door ? saveVia.busyLabel : saveVia.label}
              loading={goingVia === saveVia.door}
              disabled={busy}
              onClick={() => record.send({ type: 'form.submit', via: saveVia.door, done: saveVia.done })}
            />
          )}
          {savable && (
            <Button
              type="button"
              outlined
              label={t('app.record.reset')}
              onClick={() => record.send({ type: 'form.reset' })}
            />
          )}
          {back && (
            <Button type="button" text label={t('app.record.back')} onClick={() => navigate(back.path)} />
          )}
        </div>
        {refusal && saveVia && (
          <div className="portal-form-error" role="alert">
            {saveVia.refused(refusal)}
          </div>
        )}
      </form>
      <SaveConfirmDialog record={record} t={t} />
    </section>
  );
}
