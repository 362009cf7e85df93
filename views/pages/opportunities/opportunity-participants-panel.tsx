import '../orders/order-entry.css';
import { useActorRef, useSelector } from '@xstate/react';
import { codeEntries } from '../../../domain/codes/code';
import { OpportunityChannelType } from '../../../domain/codes/opportunities.codes';
import { opportunityParticipantsLogic } from '../../../machines/opportunities/opportunity-participants.actors';
import { useLang, useT } from '../../app-context';
import { ColumnHeads } from '../../kit/column-heads';

const COLUMNS = ['AgentName', 'ParticipantRole', 'Registrant'] as const;

/**
 * The agents taking part in an opportunity with their role in the deal, the registering agent first:
 * listed for whoever sees the deal; they are kept on 商机渠道管理.
 */
export function OpportunityParticipantsPanel({ opportunityId }: { opportunityId: string }) {
  const t = useT();
  const lang = useLang();
  const actor = useActorRef(opportunityParticipantsLogic, { input: { opportunityId } });
  const rows = useSelector(actor, (s) => s.context.rows);
  const error = useSelector(actor, (s) => s.context.error);
  const roleWord = (code: string | null) => {
    const entry = codeEntries(OpportunityChannelType).find(([c]) => c === code);
    return entry ? (lang === 'en' ? entry[2] : entry[1]) : '—';
  };
  return (
    <fieldset className="portal-order-lines is-wide" data-testid="opportunity-participants">
      <legend>{t('field.opportunityParticipant.AgentName')}</legend>
      {error && <div role="alert">{error}</div>}
      <table className="portal-order-lines-table">
        <ColumnHeads keys={COLUMNS} label={(key) => t(`field.opportunityParticipant.${key}`)} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.ObjectID}>
              <td>{row.AgentName}</td>
              <td>{roleWord(row.ParticipantRole)}</td>
              <td>{row.Registrant ? t('kit.yes') : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  );
}
