import '../orders/order-entry.css';
import { useActorRef, useSelector } from '@xstate/react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useState } from 'react';
import { opportunityParticipantsLogic } from '../../../machines/opportunities/opportunity-participants.actors';
import type { OpportunityParticipant } from '../../../machines/opportunities/opportunity-participants.machine';
import { useLang, useT } from '../../app-context';
import { ColumnHeads } from '../../kit/column-heads';
import { FieldInput } from '../../kit/field-input';
import { useNoticeToasts } from '../../kit/use-notice-toasts';
import { ParticipantAddForm } from './participant-add-form';
import { roleField, roleOptions } from './participant-role';
import { RowActions } from './row-actions';

const COLUMNS = ['AgentName', 'ParticipantRole', 'Registrant'] as const;

/**
 * The agents taking part in an opportunity with their role in the deal, the registering agent first:
 * listed for whoever sees the deal; whoever keeps them (the server says who: the deal's owner or vendor
 * staff of its scope, while it is open) adds an agent, changes a role and removes an added agent here.
 * The registering agent's row stays as it is: it changes only with an owner change.
 */
export function OpportunityParticipantsPanel({ opportunityId }: { opportunityId: string }) {
  const t = useT();
  const actor = useActorRef(opportunityParticipantsLogic, { input: { opportunityId } });
  const rows = useSelector(actor, (s) => s.context.rows);
  const canKeep = useSelector(actor, (s) => s.context.canKeep);
  const error = useSelector(actor, (s) => s.context.error);
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const saves = useSelector(actor, (s) => s.context.saves);
  const removing = useSelector(actor, (s) => (s.matches('confirming') ? s.context.removing : undefined));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  useNoticeToasts(actor);
  return (
    <fieldset className="portal-order-lines is-wide" data-testid="opportunity-participants">
      <legend>{t('opportunityParticipants.title')}</legend>
      {error && <div role="alert">{error}</div>}
      {canKeep && (
        <ParticipantAddForm
          key={saves}
          busy={busy}
          refusal={refusal}
          onAdd={(agentName, role) => actor.send({ type: 'participant.add', agentName, role })}
        />
      )}
      <table className="portal-order-lines-table">
        <ColumnHeads
          keys={[...COLUMNS, ...(canKeep ? ['actions'] : [])]}
          label={(key) =>
            key === 'actions'
              ? t('opportunityParticipants.actions')
              : t(`field.opportunityParticipant.${key}`)
          }
        />
        <tbody>
          {rows.map((row) => (
            <ParticipantRow
              key={`${row.ObjectID}:${row.ParticipantRole}`}
              row={row}
              editable={canKeep && !row.Registrant}
              showActions={canKeep}
              busy={busy}
              onSave={(role) => actor.send({ type: 'participant.change', id: row.ObjectID, role })}
              onRemove={() => actor.send({ type: 'participant.remove', id: row.ObjectID })}
            />
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        visible={Boolean(removing)}
        header={t('opportunityParticipants.removeTitle')}
        message={t('opportunityParticipants.removeConfirm', { name: removing?.AgentName ?? '' })}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('opportunityParticipants.confirm')}
        rejectLabel={t('opportunityParticipants.cancel')}
        accept={() => actor.send({ type: 'remove.confirm' })}
        reject={() => actor.send({ type: 'remove.cancel' })}
        onHide={() => removing && actor.send({ type: 'remove.cancel' })}
      />
    </fieldset>
  );
}

function ParticipantRow(props: {
  row: OpportunityParticipant;
  editable: boolean;
  showActions: boolean;
  busy: boolean;
  onSave: (role: string) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const { row } = props;
  const options = roleOptions(lang);
  const [role, setRole] = useState(row.ParticipantRole);
  return (
    <tr data-agent={row.AgentName}>
      <td>{row.AgentName}</td>
      <td>
        {props.editable ? (
          <FieldInput
            field={roleField}
            id={`participant-role-${row.ObjectID}`}
            ariaLabel={`${t('field.opportunityParticipant.ParticipantRole')} ${row.AgentName}`}
            value={role}
            options={options}
            invalid={false}
            onChange={(value) => setRole(value ? String(value) : null)}
          />
        ) : (
          (options.find((o) => o.keyword === row.ParticipantRole)?.content ?? '—')
        )}
      </td>
      <td>{row.Registrant ? t('app.kit.yes') : ''}</td>
      {props.showActions && (
        <RowActions
          editable={props.editable}
          busy={props.busy}
          canSave={Boolean(role) && role !== row.ParticipantRole}
          saveLabel={t('opportunityParticipants.save')}
          removeLabel={t('opportunityParticipants.remove')}
          onSave={() => role && props.onSave(role)}
          onRemove={props.onRemove}
        />
      )}
    </tr>
  );
}
