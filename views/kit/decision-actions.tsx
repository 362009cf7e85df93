import '../styles/decision.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { type ReactNode, useEffect, useRef } from 'react';
import { decisionLogic } from '../../machines/kit/decision.actors';
import type { DecisionEmitted, DecisionInput } from '../../machines/kit/decision.machine';
import { useT } from '../app-context';
import { type DecisionActor, DecisionDialog } from './decision-dialog';
import { commandLabel, doneText } from './decision-labels';
import { useNoticeToasts } from './use-notice-toasts';

const SEVERITY: Record<string, 'danger' | 'warning' | 'secondary' | undefined> = {
  reject: 'danger',
  void: 'danger',
  return: 'warning',
  withdraw: 'secondary',
};
const ICON: Record<string, string | undefined> = { agree: 'pi pi-check', sign: 'pi pi-verified' };
// Commands that move a stream forward are the filled buttons; the others are outlined.
const FORWARD_MOVES = new Set(['agree', 'resubmit', 'submit', 'sign']);
const NONE: never[] = [];

export interface DecisionOutcome {
  /** A decision went through: the page reads its record again. */
  decided?: () => void;
  /** The server refused one (someone else decided first, a rule): lists beside it read again. */
  refused?: () => void;
}

type DecisionNotice = Extract<DecisionEmitted, { type: 'notify' }>;

/** A decision actor for one workflow of a record; its outcome reaches the person (a toast) and the page. */
export function useDecision(input: DecisionInput, outcome: DecisionOutcome): DecisionActor {
  const decision = useActorRef(decisionLogic, { input });
  const latest = useRef({ outcome });
  latest.current = { outcome };
  // A decision done is worded by its command ('Approved') or, forwarded, by whom it went to; a refusal
  // by the server's sentence.
  useNoticeToasts<DecisionNotice>(decision, (e, t) =>
    e.severity === 'success' ? doneText(t, input.workflow, e.command, e.state, e.to) : t(e.message),
  );
  useEffect(() => {
    const subs = [
      decision.on('decided', () => latest.current.outcome.decided?.()),
      decision.on('refused', () => latest.current.outcome.refused?.()),
    ];
    return () => {
      for (const sub of subs) sub.unsubscribe();
    };
  }, [decision]);
  return decision;
}

/** Gives its children a decision actor that lives as long as it does: key it by the stream it decides. */
export function WithDecision(props: {
  input: DecisionInput;
  outcome: DecisionOutcome;
  children: (decision: DecisionActor) => ReactNode;
}) {
  return props.children(useDecision(props.input, props.outcome));
}

/**
 * The server's refusal of the last decision, then one button per command the person may send now —
 * but those a panel of the record sends through a dialog of its own (`hide`: a correction that asks
 * for figures).
 */
export function DecisionButtons({ decision, hide }: { decision: DecisionActor; hide?: readonly string[] }) {
  const t = useT();
  const workflow = useSelector(decision, (s) => s.context.workflow);
  const offered = useSelector(decision, (s) => s.context.options?.Commands ?? NONE);
  const commands = hide ? offered.filter((c) => !hide.includes(c.Name)) : offered;
  const busy = useSelector(decision, (s) => s.hasTag('busy'));
  const sending = useSelector(decision, (s) =>
    s.matches('submitting') ? s.context.command?.Name : undefined,
  );
  const refusal = useSelector(decision, (s) => s.context.refusal);
  return (
    <>
      {refusal && (
        <div className="portal-field-error" role="alert" data-refusal>
          {t('decision.refused', { message: t(refusal) || refusal })}
        </div>
      )}
      {commands.length > 0 && (
        <div className="portal-decision-actions">
          {commands.map(({ Name }) => (
            <Button
              key={Name}
              type="button"
              size="small"
              data-command={Name}
              label={commandLabel(t, workflow, Name)}
              icon={ICON[Name]}
              severity={SEVERITY[Name]}
              outlined={!FORWARD_MOVES.has(Name)}
              loading={sending === Name}
              disabled={busy}
              onClick={() => decision.send({ type: 'command.choose', command: Name })}
            />
          ))}
        </div>
      )}
      <DecisionDialog decision={decision} />
    </>
  );
}
