import { Button } from 'primereact/button';
import { useState } from 'react';
import type { ParticipantRefusal } from '../../../machines/opportunities/opportunity-participants.machine';
import { useLang, useT } from '../../app-context';
import { FieldInput } from '../../kit/field-input';
import { PickerField } from '../../kit/picker-field';
import { roleField, roleOptions } from './participant-role';

interface Props {
  busy: boolean;
  /** The last refused change: an add's refusal is shown under the field the server names. */
  refusal?: ParticipantRefusal;
  onAdd: (agentName: string, role: string) => void;
}

/**
 * Adds an agent to the deal with its role: the agent from the customer picker (the agents within the
 * caller's reach; the server checks it is an active agent of it), the role from the channel-type dictionary.
 */
export function ParticipantAddForm({ busy, refusal, onAdd }: Props) {
  const t = useT();
  const lang = useLang();
  const [agent, setAgent] = useState('');
  const [role, setRole] = useState<string | null>(null);
  const refused = (field: string) =>
    refusal?.change.kind === 'add' && refusal.field === field ? refusal.message : undefined;
  const fields = [
    {
      field: 'AgentName',
      input: (id: string, invalid: boolean) => (
        <PickerField
          picker="customer"
          field="AgentName"
          id={id}
          value={agent}
          invalid={invalid}
          onChange={(text) => setAgent(text)}
        />
      ),
    },
    {
      field: 'ParticipantRole',
      input: (id: string, invalid: boolean) => (
        <FieldInput
          field={roleField}
          id={id}
          value={role}
          options={roleOptions(lang)}
          invalid={invalid}
          onChange={(value) => setRole(value ? String(value) : null)}
        />
      ),
    },
  ];
  return (
    <div className="portal-opportunity-participant-new" data-testid="opportunity-participant-new">
      {fields.map(({ field, input }) => {
        const id = `participant-${field}`;
        const message = refused(field);
        return (
          <div key={field} className="portal-field">
            <label htmlFor={id}>{t(`field.opportunityParticipant.${field}`)}</label>
            {input(id, Boolean(message))}
            {message && (
              <small className="portal-field-error" id={`${id}-error`} role="alert">
                {message}
              </small>
            )}
          </div>
        );
      })}
      <Button
        type="button"
        icon="pi pi-plus"
        label={t('opportunityParticipants.add')}
        disabled={busy || !agent || !role}
        onClick={() => role && onAdd(agent, role)}
      />
    </div>
  );
}
