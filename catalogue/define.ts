import { cellLockOf } from '../domain/cell-rules';
import type { ColumnDef, FieldDef, FieldLock, FilterDef, PageEntry, PageWorkflow, ValueKind } from './types';

type PageSpec = Omit<PageEntry, 'id' | 'module' | 'titleKey'> & { titleKey?: string };

/**
 * Declares a module's pages. Ids become `<module>.<name>` and titles `page.<module>.<name>` unless
 * an entry names its own; a hidden page's parent defaults to nothing.
 */
export function definePages(module: string, specs: Record<string, PageSpec>): PageEntry[] {
  return Object.entries(specs).map(([name, spec]) => ({
    ...spec,
    id: `${module}.${name}`,
    module,
    titleKey: spec.titleKey ?? `page.${module}.${name}`,
  }));
}

type ColumnOptions = Omit<ColumnDef, 'field' | 'kind'>;

/** Column builders, so an entry reads like the table it draws. */
export const col = {
  text: (field: string, o: ColumnOptions = {}): ColumnDef => ({ field, kind: 'text', ...o }),
  number: (field: string, o: ColumnOptions = {}): ColumnDef => ({ field, kind: 'number', ...o }),
  price: (field: string, o: ColumnOptions = {}): ColumnDef => ({ field, kind: 'price', ...o }),
  percent: (field: string, o: ColumnOptions = {}): ColumnDef => ({ field, kind: 'percent', ...o }),
  /** A price ratio in percent, read as its discount. */
  discount: (field: string, o: ColumnOptions = {}): ColumnDef => ({
    field,
    kind: 'percent',
    asDiscount: true,
    ...o,
  }),
  date: (field: string, o: ColumnOptions = {}): ColumnDef => ({ field, kind: 'date', ...o }),
  dateTime: (field: string, o: ColumnOptions = {}): ColumnDef => ({ field, kind: 'dateTime', ...o }),
  dict: (field: string, dict: string, o: ColumnOptions = {}): ColumnDef => ({
    field,
    kind: 'dict',
    dict,
    ...o,
  }),
  boolean: (field: string, o: ColumnOptions = {}): ColumnDef => ({ field, kind: 'boolean', ...o }),
  person: (field: string, loginField: string, o: ColumnOptions = {}): ColumnDef => ({
    field,
    kind: 'person',
    loginField,
    ...o,
  }),
  fileSize: (field: string, o: ColumnOptions = {}): ColumnDef => ({ field, kind: 'fileSize', ...o }),
  file: (field: string, o: ColumnOptions = {}): ColumnDef => ({ field, kind: 'file', ...o }),
  commitmentLetter: (field: string, o: ColumnOptions = {}): ColumnDef => ({
    field,
    kind: 'commitmentLetter',
    ...o,
  }),
};

export const filter = {
  text: (field: string, primary = false): FilterDef => ({ field, kind: 'text', primary }),
  /** A business number (`DD20250314…`): a text filter that matches from the number's start. */
  docNo: (field: string, primary = false): FilterDef => ({ field, kind: 'text', primary, match: 'prefix' }),
  number: (field: string): FilterDef => ({ field, kind: 'number' }),
  dict: (field: string, dict: string, primary = false): FilterDef => ({ field, kind: 'dict', dict, primary }),
  dateRange: (field: string, primary = false): FilterDef => ({ field, kind: 'dateRange', primary }),
  picker: (field: string, picker: string, primary = false): FilterDef => ({
    field,
    kind: 'picker',
    picker,
    primary,
  }),
  boolean: (field: string): FilterDef => ({ field, kind: 'boolean' }),
};

type FieldOptions = Omit<FieldDef, 'field' | 'kind'>;
export const field = (name: string, kind: ValueKind, o: FieldOptions = {}): FieldDef => ({
  field: name,
  kind,
  ...o,
});

/** The workflow panels of record pages, so an entry says which workflow of its record it shows. */
export const workflowPanel = {
  /** The decision panel of a workflow with one stream per record, whatever the page's action. */
  decisions: (name: string): PageWorkflow => ({ name, panel: 'decisions', on: 'always' }),
  /** An agent's applications and the decisions on them, on the read-only page only. */
  agentApplications: (name: string): PageWorkflow => ({ name, panel: 'agentApplications', on: 'detail' }),
};

/** Fields locked while a record's status field holds one of the states (all the page writes, or those named). */
export const lockedWhile = (
  field: string,
  states: readonly string[],
  fields?: readonly string[],
  hint?: string,
): FieldLock => ({
  field,
  states,
  ...(fields ? { fields } : {}),
  ...(hint ? { hint } : {}),
});

/** A lock that holds for every role but those named (`FieldLock.except`): theirs to write in its states. */
export const exceptFor = (roles: readonly string[], lock: FieldLock): FieldLock => ({
  ...lock,
  except: roles,
});

/**
 * Whether a lock holds a record in its present state for a role: its status is one of the lock's
 * states, and the lock does not spare the role (`except`; one not given is spared by none).
 */
export function lockHolds(lock: FieldLock, record: Readonly<Record<string, unknown>>, role?: string) {
  const state = record[lock.field];
  if (state === undefined || state === null || !lock.states.includes(String(state))) return false;
  return !(lock.except && role !== undefined && lock.except.includes(role));
}

/**
 * The lock of a page that holds a field of a record in its present state for the caller's role, if
 * any: the one rule the form (read-only) and the server (409) both read. A new record has no state and
 * nothing locked; a lock that spares some roles (`except`) holds when the role is not given.
 */
export function lockOf(
  page: Pick<PageEntry, 'lockedWhile'> | undefined,
  field: string,
  record: Readonly<Record<string, unknown>>,
  role?: string,
): FieldLock | undefined {
  return (page?.lockedWhile ?? []).find(
    (lock) => (!lock.fields || lock.fields.includes(field)) && lockHolds(lock, record, role),
  );
}

/**
 * Whether a list offers a cell of a row for editing in the row's present state to a role: its column is
 * editable, the row is not one SPEC §4 locks (`cellLockOf`), and no lock of the page holds the field
 * for the role (`lockOf`: the declaration by which the server refuses the write). The table's guard and
 * the grid's cell both ask this, so no cell is offered that its save would be refused for its state.
 */
export function mayEditCell(
  page: Pick<PageEntry, 'columns' | 'lockedWhile'>,
  field: string,
  row: Readonly<Record<string, unknown>>,
  role?: string,
): boolean {
  const column = page.columns?.find((c) => c.field === field);
  return (
    column?.editable === true && cellLockOf(row) === 'none' && lockOf(page, field, row, role) === undefined
  );
}

/**
 * What a form field's picker sends with every search: its fixed `pickerParams` and, when it names the
 * fields it depends on (`pickerSends`), their values on the form now and the form's page id.
 */
export function pickerParamsOf(
  pageId: string,
  field: Pick<FieldDef, 'pickerParams' | 'pickerSends'>,
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> | undefined {
  if (!field.pickerSends?.length) return field.pickerParams;
  const sent = Object.fromEntries(field.pickerSends.map((name) => [name, values[name] ?? '']));
  return { ...field.pickerParams, ...sent, PageID: pageId };
}
