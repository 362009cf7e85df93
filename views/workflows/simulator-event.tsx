import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { type ReactNode, useId } from 'react';
import type { PlanWords } from '../../machines/viewer/plan-words';
import type { SimSetup } from '../../machines/viewer/simulator';
import { type GuardCheck, guardLeaves } from '../../machines/viewer/simulator-guards';
import type { SimDraft, SimField, SimOption } from '../../machines/viewer/simulator-options';
import { type Translate, useT } from '../app-context';
import { fieldWords, personWords } from './simulator-words';
import { useGuardWords } from './use-guard-words';

type Mark = 'passes' | 'fails' | 'unknown';
const markOf = (passed: boolean | undefined): Mark =>
  passed === undefined ? 'unknown' : passed ? 'passes' : 'fails';
const SIGN: Record<Mark, string> = { passes: '✓', fails: '✗', unknown: '?' };

/** A guard's result: a tick or a cross, with the words for those who do not read the signs. */
function Verdict({ passed, t }: { passed?: boolean; t: Translate }) {
  const mark = markOf(passed);
  return (
    <span className={`wf-sim-mark is-${mark}`} title={t(`workflows.sim.${mark}`)}>
      {SIGN[mark]} <span className="wf-sim-mark-text">{t(`workflows.sim.${mark}`)}</span>
    </span>
  );
}

/** A guard in words, then each of its conditions with its result. */
function GuardLines({ guard, t }: { guard?: GuardCheck; t: Translate }) {
  const say = useGuardWords();
  if (!guard) return <div className="wf-muted">{t('workflows.sim.noGuard')}</div>;
  const leaves = guardLeaves(guard);
  return (
    <>
      <div className="wf-guard">
        {say(guard.expr)} <Verdict passed={guard.passed} t={t} />
      </div>
      {leaves.length > 1 && (
        <ul className="wf-sim-guards">
          {leaves.map((leaf) => (
            <li key={say(leaf.expr)}>
              <Verdict passed={leaf.passed} t={t} /> {say(leaf.expr)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

interface FieldProps {
  field: SimField;
  value: unknown;
  label: string;
  onChange: (value: unknown) => void;
}

function Field({ field, value, label, onChange, setup, t }: FieldProps & { setup: SimSetup; t: Translate }) {
  const id = useId();
  const options = field.options ?? [];
  let control: ReactNode;
  if (field.kind !== 'colleague')
    control = (
      <InputText
        id={id}
        value={String(value ?? '')}
        type={field.kind === 'date' ? 'date' : 'text'}
        keyfilter={field.kind === 'number' ? 'num' : undefined}
        placeholder={field.key === 'reason' ? t('workflows.sim.reasonPlaceholder') : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  else if (options.length)
    control = (
      <select id={id} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)}>
        {options.map((p) => (
          <option key={p.key} value={p.key}>
            {personWords(t, setup, p)}
          </option>
        ))}
      </select>
    );
  else control = <span className="wf-muted">{t('workflows.sim.noColleague')}</span>;
  return (
    <div className="wf-sim-field">
      <label htmlFor={id}>{label}</label>
      {control}
    </div>
  );
}

/**
 * One event the person could send: what it is called, each transition it may take with its guard
 * checked, the payload to fill in, and the button that sends it when the machine accepts it.
 */
export function SimulatorEvent({
  setup,
  option,
  words,
  draft,
  onDraft,
  onSend,
}: {
  setup: SimSetup;
  option: SimOption;
  words: PlanWords;
  draft: SimDraft;
  onDraft: (draft: SimDraft) => void;
  onSend?: () => void;
}) {
  const t = useT();
  const machineId = setup.machine.id;
  const payload = draft.payload ?? {};
  const set = (key: string, value: unknown) => onDraft({ ...draft, payload: { ...payload, [key]: value } });
  return (
    <li className={`wf-sim-event ${option.enabled ? 'is-enabled' : 'is-blocked'}`} data-event={option.type}>
      <div className="wf-sim-event-head">
        <strong className="wf-sim-event-name">{words.event(option.type)}</strong>
        {onSend && (
          <Button
            size="small"
            label={t('workflows.sim.send')}
            aria-label={`${t('workflows.sim.send')} ${words.event(option.type)}`}
            disabled={!option.enabled}
            onClick={onSend}
          />
        )}
      </div>
      <ul className="wf-sim-candidates">
        {option.candidates.map((candidate) => (
          <li key={candidate.id} className={candidate.chosen ? 'is-chosen' : undefined}>
            <div>
              {candidate.target
                ? t('workflows.sim.leadsTo', { state: words.state(candidate.target) })
                : t('workflows.sim.stays')}
              {candidate.chosen && <span className="wf-sim-chosen"> · {t('workflows.sim.taken')}</span>}
            </div>
            <GuardLines guard={candidate.guard} t={t} />
          </li>
        ))}
      </ul>
      {option.cases.length > 1 && (
        <label className="wf-sim-field">
          <span>{t('workflows.sim.sample')}</span>
          <select
            value={draft.case ?? 0}
            onChange={(e) => onDraft({ case: Number(e.target.value), payload: {} })}
          >
            {option.cases.map((c, i) => (
              <option key={JSON.stringify(c)} value={i}>
                {t('workflows.sim.sampleN', { n: i + 1 })}
              </option>
            ))}
          </select>
        </label>
      )}
      {onSend &&
        option.fields.map((field) => (
          <Field
            key={field.key}
            field={field}
            value={field.key in payload ? payload[field.key] : field.value}
            label={fieldWords(t, machineId, option.type, field.key)}
            onChange={(value) => set(field.key, value)}
            setup={setup}
            t={t}
          />
        ))}
    </li>
  );
}
