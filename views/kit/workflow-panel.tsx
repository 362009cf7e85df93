import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { useEffect, useRef } from 'react';
import { formatPrice } from '../../domain/format';
import { useLang, useT } from '../app-context';
import { DecisionButtons, useDecision } from './decision-actions';
import { panelTitle, roleLabel, stateLabel, stepLabel } from './decision-labels';
import { fieldLabel } from './labels';

export interface WorkflowPanelProps {
  /** A declared workflow (machines/workflows/registry.ts) whose subject is the page's record. */
  workflow: string;
  objectId: string;
  /** A decision went through: the record page reads its record again. */
  onDecided: () => void;
  /**
   * How many times the record page saved the record: a save can change what may be decided (an
   * invoice's number entered lets finance invoice it), so each one asks the options again.
   */
  saves?: number;
}

/**
 * A record's workflow as the person deciding it sees it: where it stands, who decides now, and one
 * button per command the server allows this person now (docs/workflows.md).
 */
export function WorkflowPanel({ workflow, objectId, onDecided, saves = 0 }: WorkflowPanelProps) {
  const t = useT();
  const lang = useLang();
  const decision = useDecision({ workflow, objectId }, { decided: onDecided });
  const seenSaves = useRef(saves);
  useEffect(() => {
    if (saves === seenSaves.current) return;
    seenSaves.current = saves;
    decision.send({ type: 'options.reload' });
  }, [decision, saves]);
  const options = useSelector(decision, (s) => s.context.options);
  const busy = useSelector(decision, (s) => s.hasTag('busy'));
  const failure = useSelector(decision, (s) => (s.matches('unavailable') ? s.context.error : undefined));
  const decider = options?.Decider;
  const title = panelTitle(t, workflow);
  return (
    <section className="portal-decision-panel" aria-label={title} aria-busy={busy} data-workflow={workflow}>
      <h3>{title}</h3>
      {options && !options.State && <span className="portal-hint">{t('decision.noOpenStream')}</span>}
      {options?.State && (
        <span data-decision-state={options.State}>
          {t('decision.state')}: {stateLabel(t, workflow, options.State)}
          {decider && options.Node !== null && ` · ${stepLabel(t, workflow, options.Node)}`}
        </span>
      )}
      {decider && (
        <span data-decider={decider.PersonName ? 'person' : 'role'}>
          {decider.PersonName ? t('decision.deciderPerson') : t('decision.deciderRole')}:{' '}
          <strong>{decider.PersonName ?? roleLabel(t, decider.Role)}</strong>
        </span>
      )}
      {options?.Shows?.map((shown) => (
        <span key={shown.Field} data-shows={shown.Field}>
          {fieldLabel(t, options.Resource, shown.Field)}:{' '}
          <strong>{shown.Kind === 'price' ? formatPrice(shown.Value, lang) : shown.Value}</strong>
        </span>
      ))}
      {failure && (
        <span className="portal-field-error" role="alert">
          {t('decision.loadFailed', { message: t(failure) || failure })}{' '}
          <Button
            type="button"
            text
            size="small"
            label={t('decision.reload')}
            onClick={() => decision.send({ type: 'options.reload' })}
          />
        </span>
      )}
      {options?.State && !busy && options.Commands.length === 0 && (
        <span className="portal-hint">{t('decision.nothingForYou')}</span>
      )}
      <DecisionButtons decision={decision} />
    </section>
  );
}
