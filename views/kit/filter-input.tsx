import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { FilterDef } from '../../catalogue/types';
import type { DictionaryOption } from '../../domain/dictionary';
import { formatDate, toEpochEndOfDay, toEpochStartOfDay } from '../../domain/format';
import type { Translate } from '../app-context';
import { hiddenSelectPt } from './a11y-pt';

export type FilterForm = Record<string, string>;

interface FilterInputProps {
  filter: FilterDef;
  label: string;
  form: FilterForm;
  options?: DictionaryOption[];
  onChange: (key: string, value: string) => void;
  t: Translate;
}

/** The input of one filter: text, a dictionary choice, a date range, a number or yes/no. */
export function FilterInput({ filter, label, form, options, onChange, t }: FilterInputProps) {
  const id = `filter-${filter.field}`;
  if (filter.kind === 'dateRange') {
    return (
      <fieldset className="portal-filter portal-filter-range">
        <legend>{label}</legend>
        <InputText
          type="date"
          aria-label={`${label} ${t('app.kit.from')}`}
          value={form[`${filter.field}Start`] ?? ''}
          onChange={(e) => onChange(`${filter.field}Start`, e.target.value)}
        />
        <span>–</span>
        <InputText
          type="date"
          aria-label={`${label} ${t('app.kit.to')}`}
          value={form[`${filter.field}End`] ?? ''}
          onChange={(e) => onChange(`${filter.field}End`, e.target.value)}
        />
      </fieldset>
    );
  }
  if (filter.kind === 'dict' || filter.kind === 'boolean') {
    const choices =
      filter.kind === 'boolean'
        ? [
            { label: t('app.kit.yes'), value: 'true' },
            { label: t('app.kit.no'), value: 'false' },
          ]
        : (options ?? []).map((o) => ({ label: o.content, value: o.keyword }));
    return (
      <div className="portal-filter">
        <label htmlFor={id}>{label}</label>
        <Dropdown
          inputId={id}
          value={form[filter.field] ?? null}
          options={choices}
          showClear
          pt={hiddenSelectPt}
          placeholder={t('app.kit.choose')}
          onChange={(e) => onChange(filter.field, e.value ?? '')}
        />
      </div>
    );
  }
  return (
    <div className="portal-filter">
      <label htmlFor={id}>{label}</label>
      <InputText
        id={id}
        inputMode={filter.kind === 'number' ? 'decimal' : undefined}
        // A number filter matches from the start only; the hint says so before a middle fragment finds nothing.
        placeholder={filter.match === 'prefix' ? t('app.kit.startsWith') : undefined}
        value={form[filter.field] ?? ''}
        onChange={(e) => onChange(filter.field, e.target.value)}
      />
    </div>
  );
}

/**
 * The filters a table sends: empty inputs left out, date ranges as epoch ms from the start of the
 * first day to the end of the last on the business clock (SPEC §9: 00:00:00, and + 86,399,000 ms for
 * the end), whatever the browser's zone.
 */
export function filtersOf(form: FilterForm): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) {
    if (value === '' || value === undefined) continue;
    if (key.endsWith('Start') && /^\d{4}-\d{2}-\d{2}$/.test(value)) filters[key] = toEpochStartOfDay(value);
    else if (key.endsWith('End') && /^\d{4}-\d{2}-\d{2}$/.test(value)) filters[key] = toEpochEndOfDay(value);
    else filters[key] = value.trim();
  }
  return filters;
}

/** The form behind applied filters (the reverse of filtersOf), so a restored table shows its filters. */
export function formOf(filters: Record<string, unknown>): FilterForm {
  const form: FilterForm = {};
  for (const [key, value] of Object.entries(filters)) {
    // A day bound went out as the instant its business day starts or ends: that day again.
    if (typeof value === 'number' && /(Start|End)$/.test(key)) form[key] = formatDate(value);
    else form[key] = String(value);
  }
  return form;
}

/** Filters named in the page's query (a dashboard link such as ?ApprovalStatus=111) start the table. */
export function filtersFromQuery(query: string, filters: FilterDef[]): Record<string, unknown> {
  const params = new URLSearchParams(query);
  const known = new Set(
    filters.flatMap((f) => (f.kind === 'dateRange' ? [`${f.field}Start`, `${f.field}End`] : [f.field])),
  );
  return Object.fromEntries([...params.entries()].filter(([key, value]) => known.has(key) && value !== ''));
}
