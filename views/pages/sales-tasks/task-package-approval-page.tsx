import '../../styles/record-panel.css';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ValueKind } from '../../../catalogue/types';
import { recordQuery } from '../../../machines/kit/record.actors';
import { taskPackageLogic } from '../../../machines/sales-tasks/task-package.actors';
import type { PackageLineResource, TaskPackage } from '../../../machines/sales-tasks/task-package.machine';
import { type Translate, useLang, useT } from '../../app-context';
import { formatValue } from '../../kit/cell-value';
import { ColumnHeads } from '../../kit/column-heads';
import { fieldLabel } from '../../kit/labels';
import RecordPage from '../../kit/record-page';
import { WorkflowPanel } from '../../kit/workflow-panel';
import type { PageProps } from '../page-view';

type Shown = { field: string; kind: ValueKind; dict?: string };

const QUARTERS: Shown[] = ['Q1Task', 'Q2Task', 'Q3Task', 'Q4Task'].map((field) => ({ field, kind: 'price' }));

/** What of the province target the package shows above its lines. */
const TARGET: Shown[] = [
  { field: 'ProvinceName', kind: 'text' },
  { field: 'Year', kind: 'text' },
  { field: 'Brand', kind: 'dict', dict: 'Brand' },
  { field: 'IndicatorType', kind: 'dict', dict: 'TaskIndicatorType' },
  { field: 'AnnualTask', kind: 'price' },
  { field: 'RspAllocated', kind: 'price' },
  { field: 'CityManagerAllocated', kind: 'price' },
  { field: 'LoadBearingRate', kind: 'percent' },
  { field: 'TaskPackageStatus', kind: 'dict', dict: 'TaskPackageStatus' },
];

/** The columns of the lines, by the kind of line the page lists. */
const LINES: Record<PackageLineResource, Shown[]> = {
  rspTaskAllocation: [
    { field: 'AgentName', kind: 'text' },
    { field: 'LoadBearingAmount', kind: 'price' },
    ...QUARTERS,
    { field: 'ConfirmStatus', kind: 'dict', dict: 'TaskConfirmStatus' },
    { field: 'TaskApprovalStatus', kind: 'dict', dict: 'TaskApprovalStatus' },
  ],
  cityManagerTask: [
    { field: 'cityManagerName', kind: 'text' },
    { field: 'CityName', kind: 'text' },
    { field: 'TaskType', kind: 'dict', dict: 'TaskType' },
    { field: 'AnnualTask', kind: 'price' },
    ...QUARTERS,
    { field: 'TaskApprovalStatus', kind: 'dict', dict: 'TaskApprovalStatus' },
  ],
};

/**
 * A task line's approval page (the RSP and the city manager task approval lists open it): the line,
 * then its package —
 * the province target, every line of the page's kind, and the package's decision panel. HQ decides the
 * package as a whole (machines/workflows/sales-task.workflow.ts): the buttons are the commands the
 * server allows the caller on it, and after a decision the package and its lines are read again.
 */
export default function TaskPackageApprovalPage(props: PageProps) {
  const { objectId } = useMemo(
    () => recordQuery(props.query, props.page.kind),
    [props.query, props.page.kind],
  );
  const resource = props.page.resource as PackageLineResource;
  return (
    <RecordPage {...props}>
      {objectId && <PackagePanel key={objectId} resource={resource} objectId={objectId} />}
    </RecordPage>
  );
}

function PackagePanel({ resource, objectId }: { resource: PackageLineResource; objectId: string }) {
  const t = useT();
  const lang = useLang();
  const actor = useActorRef(taskPackageLogic, { input: { resource, objectId, lang } });
  const taskPackage = useSelector(actor, (s) => s.context.taskPackage);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const text = (key: string) => t(`salesTasks.package.${key}`);
  if (!taskPackage && !error) return null;
  const target = taskPackage?.Target;
  return (
    <fieldset className="portal-record-panel" data-testid="task-package" aria-busy={busy}>
      <legend>{text('title')}</legend>
      {error && (
        <div className="portal-form-error" role="alert">
          {error}
        </div>
      )}
      {taskPackage && !target && <p className="portal-hint">{text('noTarget')}</p>}
      {taskPackage && target && (
        <>
          <dl className="portal-record-facts">
            {TARGET.map((shown) => (
              <div key={shown.field}>
                <dt>{fieldLabel(t, 'provinceTask', shown.field)}</dt>
                <dd data-field={shown.field}>{shownValue(shown, target, taskPackage, t)}</dd>
              </div>
            ))}
          </dl>
          <WorkflowPanel
            key={String(target.ObjectID)}
            workflow="salesTask"
            objectId={String(target.ObjectID)}
            onDecided={() => actor.send({ type: 'package.reload' })}
          />
          <PackageLines resource={resource} taskPackage={taskPackage} t={t} />
        </>
      )}
    </fieldset>
  );
}

function PackageLines(props: { resource: PackageLineResource; taskPackage: TaskPackage; t: Translate }) {
  const { resource, taskPackage, t } = props;
  const columns = LINES[resource];
  const caption = t(
    `salesTasks.package.${resource === 'rspTaskAllocation' ? 'rspLines' : 'cityManagerLines'}`,
  );
  if (!taskPackage.Lines.length) return <p className="portal-hint">{t('salesTasks.package.noLines')}</p>;
  return (
    <table data-testid="package-lines">
      <caption>{caption}</caption>
      <ColumnHeads keys={columns.map((c) => c.field)} label={(field) => fieldLabel(t, resource, field)} />
      <tbody>
        {taskPackage.Lines.map((line) => (
          <tr key={String(line.ObjectID)}>
            {columns.map((shown) => (
              <td key={shown.field} className={shown.kind === 'price' ? 'is-money' : undefined}>
                {shownValue(shown, line, taskPackage, t)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const shownValue = (shown: Shown, row: Record<string, unknown>, taskPackage: TaskPackage, t: Translate) =>
  formatValue(shown.kind, row[shown.field], shown.dict ? taskPackage.dictionaries[shown.dict] : undefined, t);
