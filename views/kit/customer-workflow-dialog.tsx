import { useSelector } from '@xstate/react';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { SelectButton } from 'primereact/selectbutton';
import type { ActorRefFrom } from 'xstate';
import { ChannelType } from '../../domain/codes/customers.codes';
import type { customerWorkflowMachine } from '../../machines/customers/customer-workflow.machine';
import { reasonRequired } from '../../machines/customers/customer-workflow.rules';
import { RENEWAL_TERMS } from '../../machines/workflows/customer-change.rules';
import { useT } from '../app-context';
import { Dialog } from './dialog';
import { DialogFooter, LabelledField } from './dialog-parts';

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
  const error = (field: keyof typeof errors) => (errors[field] ? t(errors[field]) : undefined);
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
        <DialogFooter
          cancelLabel={t('customerWorkflow.cancel')}
          confirmLabel={t('customerWorkflow.confirm')}
          busy={submitting}
          onCancel={cancel}
          onConfirm={() => panel.send({ type: 'dialog.confirm' })}
        />
      }
    >
      {hint && action !== 'blacklist' && <p className="portal-hint">{hint}</p>}
      {action === 'renewal' && (
        <LabelledField
          id="cw-termMonths"
          label={t('customerWorkflow.fields.termMonths')}
          error={error('termMonths')}
        >
          <SelectButton
            id="cw-termMonths"
            value={form.termMonths}
            allowEmpty={false}
            options={RENEWAL_TERMS.map((n) => ({ value: n, label: t('customerWorkflow.months', { n }) }))}
            onChange={(e) => change('termMonths', e.value)}
          />
        </LabelledField>
      )}
      {action === 'conversion' && (
        <div className="portal-field">
          <span>{t('customerWorkflow.fields.target')}</span>
          <strong data-conversion-target>
            {channel === ChannelType.rsp ? ChannelType.ccp : ChannelType.rsp}
          </strong>
        </div>
      )}
      {action === 'blacklist' && (
        <LabelledField id="cw-days" label={t('customerWorkflow.fields.days')} required error={error('days')}>
          <InputText
            id="cw-days"
            inputMode="numeric"
            value={form.days}
            invalid={Boolean(errors.days)}
            onChange={(e) => change('days', e.target.value)}
          />
          <small className="portal-hint">{hint}</small>
        </LabelledField>
      )}
      {action !== 'seniorCertification' && action !== 'conversion' && action !== 'renewal' && (
        <LabelledField
          id="cw-reason"
          label={t('customerWorkflow.fields.reason')}
          required={reasonRequired(action)}
          error={error('reason')}
        >
          <InputTextarea
            id="cw-reason"
            rows={3}
            value={form.reason}
            invalid={Boolean(errors.reason)}
            onChange={(e) => change('reason', e.target.value)}
          />
        </LabelledField>
      )}
    </Dialog>
  );
}
