import { Button } from 'primereact/button';
import { useMemo, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { pathSamples } from '../../machines/viewer/path-samples';
import { type PlanKind, planOf, planReport, reportCsv, stepLine } from '../../machines/viewer/plan-report';
import { planWords } from '../../machines/viewer/plan-words';
import type { PlanPath } from '../../machines/viewer/test-paths';
import { useLang, useT } from '../app-context';
import { downloadText } from './download';

const KINDS: PlanKind[] = ['cover', 'shortest', 'simple'];

/**
 * The generated test plan of the machine on screen, in the words `npm run paths` prints (without the
 * demo logins, which only the command knows). Choosing a path shows it on the chart and loads it into
 * the simulator (`onPick`).
 */
export function PathsPanel({
  machine,
  onPick,
}: {
  machine: AnyStateMachine;
  onPick?: (path: PlanPath, goal: string) => void;
}) {
  const t = useT();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<PlanKind>('cover');
  // Walking the state graph takes a moment for the larger machines: only once the panel is open.
  const planned = useMemo(() => {
    if (!open) return undefined;
    const words = planWords(machine, t, { lang });
    const plan = planOf(machine, pathSamples[machine.id], kind, words);
    return { plan, report: planReport(machine, plan, words, t) };
  }, [open, kind, machine, t, lang]);
  const report = planned?.report;
  const [picked, setPicked] = useState<number>();

  return (
    <details
      className="wf-paths"
      open={open}
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
    >
      <summary>{t('workflows.paths.title')}</summary>
      {report && (
        <>
          <div className="wf-paths-bar">
            {KINDS.map((k) => (
              <Button
                key={k}
                size="small"
                outlined={kind !== k}
                label={t(`workflows.paths.${k}`)}
                onClick={() => setKind(k)}
              />
            ))}
            <span className="wf-muted">{t('workflows.paths.count', { count: report.paths.length })}</span>
            <Button
              size="small"
              text
              icon="pi pi-file-export"
              label={t('workflows.paths.exportCsv')}
              disabled={report.paths.length === 0}
              onClick={() =>
                downloadText(`${machine.id}-${kind}-paths.csv`, reportCsv(report, t), 'text/csv')
              }
            />
          </div>
          {report.summary.map((line) => (
            <p key={line} className="wf-muted">
              {line}
            </p>
          ))}
          <ol className="wf-path-list">
            {report.paths.map((path, i) => (
              <li key={path.n} className={picked === path.n ? 'is-picked' : undefined}>
                <strong>→ {path.goal}</strong>
                {onPick && planned?.plan.paths[i] && (
                  <Button
                    size="small"
                    text
                    icon="pi pi-play"
                    label={t('workflows.sim.showPath')}
                    aria-label={`${t('workflows.sim.showPath')} ${path.n}`}
                    onClick={() => {
                      setPicked(path.n);
                      onPick(planned.plan.paths[i], path.goal);
                    }}
                  />
                )}
                {/* Each step's line carries its own number. */}
                <ol style={{ listStyle: 'none' }}>
                  {path.steps.map((step) => (
                    <li key={step.n}>{stepLine(step, t)}</li>
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
