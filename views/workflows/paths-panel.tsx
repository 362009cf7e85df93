import { Button } from 'primereact/button';
import { useMemo, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { pathSamples } from '../../machines/viewer/path-samples';
import { planCsv, shortestPlan, simplePlan } from '../../machines/viewer/test-paths';
import { useT } from '../app-context';
import { downloadText } from './download';

type Kind = 'shortest' | 'simple';

/** The generated test paths of the machine on screen, the same plan `npm run paths` prints. */
export function PathsPanel({ machine }: { machine: AnyStateMachine }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<Kind>('shortest');
  // Walking the state graph takes a moment for the larger machines: only once the panel is open.
  const plan = useMemo(() => {
    if (!open) return undefined;
    const sample = pathSamples[machine.id];
    return kind === 'shortest' ? shortestPlan(machine, sample) : simplePlan(machine, sample);
  }, [open, kind, machine]);

  return (
    <details
      className="wf-paths"
      open={open}
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
    >
      <summary>{t('workflows.paths.title')}</summary>
      {plan && (
        <>
          <div className="wf-paths-bar">
            {(['shortest', 'simple'] as const).map((k) => (
              <Button
                key={k}
                size="small"
                outlined={kind !== k}
                label={t(`workflows.paths.${k}`)}
                onClick={() => setKind(k)}
              />
            ))}
            <span className="wf-muted">{t('workflows.paths.count', { count: plan.paths.length })}</span>
            <Button
              size="small"
              text
              icon="pi pi-file-export"
              label={t('workflows.paths.exportCsv')}
              disabled={plan.paths.length === 0}
              onClick={() => downloadText(`${machine.id}-${kind}-paths.csv`, planCsv(plan), 'text/csv')}
            />
          </div>
          {plan.error && (
            <p className="portal-form-error">{t('workflows.paths.error', { error: plan.error })}</p>
          )}
          {plan.truncated && (
            <p className="wf-muted">{t('workflows.paths.truncated', { count: plan.paths.length })}</p>
          )}
          {plan.needsSample.length > 0 && (
            <p className="wf-muted">
              {t('workflows.paths.needsSample', { events: plan.needsSample.join(', ') })}
            </p>
          )}
          <ol className="wf-path-list">
            {plan.paths.map((path) => (
              <li key={path.n}>
                <strong>→ {path.target}</strong>
                <ol>
                  {path.steps.map((step) => (
                    <li key={step.n}>
                      {t('workflows.paths.step', step as unknown as Record<string, unknown>)}
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ol>
        </>
      )}
    </details>
  );
}
