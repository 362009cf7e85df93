import { Button } from 'primereact/button';
import type { ReactNode } from 'react';

/** A dialog's cancel and confirm: cancel is off and confirm spins while the action is sent. */
export function DialogFooter(props: {
  cancelLabel: string;
  confirmLabel: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <>
      <Button type="button" text label={props.cancelLabel} disabled={props.busy} onClick={props.onCancel} />
      <Button type="button" label={props.confirmLabel} loading={props.busy} onClick={props.onConfirm} />
    </>
  );
}

/** One labelled field of a dialog: a required marker where it must be filled, its problem under it. */
export function LabelledField(props: {
  id: string;
  label: string;
  required?: boolean;
  /** The problem, already in words. */
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="portal-field">
      <label htmlFor={props.id}>
        {props.label}
        {props.required && <span className="portal-required">*</span>}
      </label>
      {props.children}
      {props.error && (
        <small className="portal-field-error" data-field-error={props.id}>
          {props.error}
        </small>
      )}
    </div>
  );
}
