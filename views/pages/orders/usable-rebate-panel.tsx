import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { formatPrice } from '../../../domain/format';
import type { orderLinesMachine } from '../../../machines/orders/order-lines.machine';
import { linesBody, previewFen } from '../../../machines/orders/order-lines.rules';
import { usableRebateLogic } from '../../../machines/orders/usable-rebate.actors';
import { useLang, useT } from '../../app-context';

interface Props {
  /** The saved order shown, if any: its stored lines are the ones asked about. */
  objectId?: string;
  values: Record<string, unknown>;
  lines: ActorRefFrom<typeof orderLinesMachine>;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The rebate an order may deduct, shown beside its rebate deduction while it is entered: the agent's
 * available own-brand balance, what the lines allow by the maximum use ratios, and the lesser of the
 * two — the figure the submission checks (server/orders/order-usable-rebate.ts).
 */
export function UsableRebatePanel({ objectId, values, lines }: Props) {
  const t = useT();
  const lang = useLang();
  const panel = useActorRef(usableRebateLogic);
  const draft = useSelector(lines, (s) => s.context.lines);
  const editable = useSelector(lines, (s) => s.hasTag('editable'));
  const agent = text(values.AgentName);
  const executionOrderNo = text(values.ExecutionOrderNo);
  const orderDate = text(values.OrderDate);
  useEffect(() => {
    if (objectId && !editable) {
      panel.send({ type: 'inputs.changed', body: { ObjectID: objectId } });
      return;
    }
    // Only complete lines are asked about; the server prices them as the form will.
    const complete = draft.filter((line) => previewFen(line) !== undefined);
    panel.send({
      type: 'inputs.changed',
      body: agent
        ? {
            AgentName: agent,
            Lines: linesBody(complete),
            ...(executionOrderNo ? { ExecutionOrderNo: executionOrderNo } : {}),
            ...(orderDate ? { OrderDate: orderDate } : {}),
          }
        : null,
    });
  }, [panel, objectId, editable, draft, agent, executionOrderNo, orderDate]);
  const usable = useSelector(panel, (s) => s.context.usable);
  const error = useSelector(panel, (s) => (s.matches('failed') ? s.context.error : undefined));
  const busy = useSelector(panel, (s) => s.hasTag('busy'));
  const idle = useSelector(panel, (s) => s.matches('idle'));
  const money = (amount: string) => formatPrice(amount, lang);
  return (
    <fieldset className="portal-order-lines is-wide" data-testid="usable-rebate" aria-busy={busy}>
      <legend>{t('ordersEntry.usableRebate.title')}</legend>
      {idle && <p className="portal-hint">{t('ordersEntry.usableRebate.chooseAgent')}</p>}
      {error && (
        <p className="portal-form-error" role="alert">
          {t('ordersEntry.usableRebate.failed', { message: t(error) || error })}
        </p>
      )}
      {!idle && !error && !usable && <p className="portal-hint">{t('ordersEntry.usableRebate.asking')}</p>}
      {usable && !error && (
        <ul className="portal-usable-rebate">
          <li>{t('ordersEntry.usableRebate.available', { amount: money(usable.AvailableAmount) })}</li>
          <li>{t('ordersEntry.usableRebate.limit', { amount: money(usable.LimitAmount) })}</li>
          <li>
            <strong data-testid="usable-rebate-amount">
              {t('ordersEntry.usableRebate.usable', { amount: money(usable.UsableAmount) })}
            </strong>
          </li>
        </ul>
      )}
    </fieldset>
  );
}
