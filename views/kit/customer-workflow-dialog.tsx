import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { SelectButton } from 'primereact/selectbutton';
import type { ActorRefFrom } from 'xstate';
import type { customerWorkflowMachine } from '../../machines/customers/customer-workflow.machine';
import { reasonRequired } from '../../machines/customers/customer-workflow.rules';
import { RENEWAL_TERMS } from '../../machines/workflows/customer-change.rules';
import { useT } from '../app-context';

type Panel = ActorRefFrom<typeof customerWorkflowMachine>;

/** The inputs of a new application, each wrong field named under it. Decisions have their own dialog. */
export function CustomerWorkflowDialog({ panel }: { panel: Panel }) {
  const t = useT();
  // The dialog stays up while its application is sent, so the confirm button can show the progress.
  const action = useSelector(panel, (s) =>
    s.matches('editing') || s.matches('submitting') ? s.context.pending : undefined,
  );
  const form = useSelector(panel, (s) => s.context.form);
  const errors = useSelector(panel, (s) => s.context.errors);
  const channel = useSelector(panel, (s) => s.context.overview?.ChannelType);
  const submitting = useSelector(panel, (s) => s.matches('submitting'));
  if (!action) return null;
  const title = t(`customerWorkflow.kinds.${action}`);
  const hintKey = `customerWorkflow.hints.${action}`;
  const hint = t(hintKey) === hintKey ? '' : t(hintKey);
  const error = (field: keyof typeof errors) =>
    errors[field] ? (
      <small className="portal-field-error" data-field-error={`cw-${field}`}>
        {t(errors[field])}
      </small>
    ) : null;
  const change = (field: 'termMonths' | 'reason' | 'days', value: string | number) =>
    panel.send({ type: 'form.change', field, value });
  const cancel = () => panel.send({ type: 'dialog.cancel' });
  return (
    <Dialog
      visible
      header={title}
      onHide={() => !submitting && cancel()}
      className="portal-cw-dialog"
      style={{ width: '32rem', maxWidth: '95vw' }}
      footer={
        <>
          <Button
            type="button"
            text
            label={t('customerWorkflow.cancel')}
            disabled={submitting}
            onClick={cancel}
          />
          <Button
            type="button"
            label={t('customerWorkflow.confirm')}
            loading={submitting}
            onClick={() => panel.send({ type: 'dialog.confirm' })}
          />
        </>
      }
    >
      {hint && action !== 'blacklist' && <p className="portal-hint">{hint}</p>}
      {action === 'renewal' && (
        <div className="portal-field">
          <label htmlFor="cw-termMonths">{t('customerWorkflow.fields.termMonths')}</label>
          <SelectButton
            id="cw-termMonths"
            value={form.termMonths}
            allowEmpty={false}
            options={RENEWAL_TERMS.map((n) => ({ value: n, label: t('customerWorkflow.months', { n }) }))}
            onChange={(e) => change('termMonths', e.value)}
          />
          {error('termMonths')}
        </div>
      )}
      {action === 'conversion' && (
        <div className="portal-field">
          <span>{t('customerWorkflow.fields.target')}</span>
          <strong data-conversion-target>{channel === 'RSP' ? 'CCP' : 'RSP'}</strong>
        </div>
      )}
      {action === 'blacklist' && (
        <div className="portal-field">
          <label htmlFor="cw-days">
            {t('customerWorkflow.fields.days')}
            <span className="portal-required">*</span>
          </label>
          <InputText
            id="cw-days"
            inputMode="numeric"
            value={form.days}
            invalid={Boolean(errors.days)}
            onChange={(e) => change('days', e.target.value)}
          />
          <small className="portal-hint">{hint}</small>
          {error('days')}
        </div>
      )}
      {action !== 'seniorCertification' && action !== 'conversion' && action !== 'renewal' && (
        <div className="portal-field">
          <label htmlFor="cw-reason">
            {t('customerWorkflow.fields.reason')}
            {reasonRequired(action) && <span className="portal-required">*</span>}
          </label>
          <InputTextarea
            id="cw-reason"
            rows={3}
            value={form.reason}
            invalid={Boolean(errors.reason)}
            onChange={(e) => change('reason', e.target.value)}
          />
          {error('reason')}
        </div>
      )}
    </Dialog>
  );
}
