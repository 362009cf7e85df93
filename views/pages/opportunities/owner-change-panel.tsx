import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { codeEntries } from '../../../domain/codes/code';
import { OwnerChangeReason } from '../../../domain/codes/opportunities.codes';
import { ownerChangeLogic } from '../../../machines/opportunities/owner-change.actors';
import { useLang, useT } from '../../app-context';
import { PickerField } from '../../kit/picker-field';

/**
 * The owner change of an opportunity on its page, for the channel or province manager: the
 * new agent from the customer picker, a reason and a remark; the server makes the change as one logged
 * command, the protection end date unchanged.
 */
export function OwnerChangePanel({ objectId, version }: { objectId: string; version: number }) {
  const t = useT();
  const lang = useLang();
  const actor = useActorRef(ownerChangeLogic, { input: { objectId, version } });
  const open = useSelector(actor, (s) => !s.matches('closed'));
  const done = useSelector(actor, (s) => s.matches('done'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const newOwner = useSelector(actor, (s) => s.context.newOwner);
  const [agent, setAgent] = useState({ id: '', name: '' });
  const [reason, setReason] = useState('');
  const [remark, setRemark] = useState('');
  if (!open)
    return (
      <div className="portal-field is-wide">
        <Button
          type="button"
          outlined
          icon="pi pi-user-edit"
          label={t('opportunityItems.owner.open')}
          onClick={() => actor.send({ type: 'owner.open' })}
        />
      </div>
    );
  return (
    <fieldset className="portal-order-lines is-wide" data-testid="owner-change">
      <legend>{t('opportunityItems.owner.title')}</legend>
      {error && <div role="alert">{error}</div>}
      {done ? (
        <div role="status">{t('opportunityItems.owner.done', { name: newOwner ?? agent.name })}</div>
      ) : (
        <>
          <div className="portal-form-field">
            <label htmlFor="owner-change-agent">{t('opportunityItems.owner.agent')}</label>
            <PickerField
              picker="customer"
              field="NewOwnerName"
              id="owner-change-agent"
              value={agent.name}
              onChange={(text, change) =>
                setAgent({ id: String(change.rows[0]?.ObjectID ?? ''), name: text })
              }
            />
          </div>
          <div className="portal-form-field">
            <label htmlFor="owner-change-reason">{t('opportunityItems.owner.reason')}</label>
            <select id="owner-change-reason" value={reason} onChange={(e) => setReason(e.target.value)}>
              <option value="" />
              {codeEntries(OwnerChangeReason).map(([code, zh, en]) => (
                <option key={code} value={code}>
                  {lang === 'en' ? en : zh}
                </option>
              ))}
            </select>
          </div>
          <div className="portal-form-field">
            <label htmlFor="owner-change-remark">{t('opportunityItems.owner.remark')}</label>
            <InputText id="owner-change-remark" value={remark} onChange={(e) => setRemark(e.target.value)} />
          </div>
          <Button
            type="button"
            label={t('opportunityItems.owner.submit')}
            disabled={busy || !agent.id || !reason}
            onClick={() => actor.send({ type: 'owner.submit', agentId: agent.id, reason, remark })}
          />
        </>
      )}
      <Button
        type="button"
        text
        label={t('opportunityItems.owner.close')}
        onClick={() => actor.send({ type: 'owner.close' })}
      />
    </fieldset>
  );
}
