import { Button } from 'primereact/button';
import { type FormEvent, useId, useState } from 'react';
import type { FilterDef } from '../../catalogue/types';
import type { DictionaryOption } from '../../domain/dictionary';
import type { Translate } from '../app-context';
import { Dialog } from './dialog';
import { type FilterForm, FilterInput, filtersOf } from './filter-input';

interface SearchBarProps {
  filters: FilterDef[];
  labelOf: (field: string) => string;
  dictionaries: Record<string, DictionaryOption[]>;
  form: FilterForm;
  onFormChange: (form: FilterForm) => void;
  onSearch: () => void;
  onReset: () => void;
  t: Translate;
}

/** How many of the filters hold a value (a date range counts once, whichever end is set). */
export function activeFilterCount(filters: FilterDef[], form: FilterForm): number {
  const set = (key: string) => (form[key] ?? '').trim() !== '';
  return filters.filter((f) => set(f.field) || set(`${f.field}Start`) || set(`${f.field}End`)).length;
}

/**
 * The search bar (primary filters) and the advanced-filter dialog with every filter (SPEC §2). On a
 * narrow screen the filters fold behind one button that counts the active ones, so the table is on
 * the first screen; a search folds them again.
 */
export function SearchBar({
  filters,
  labelOf,
  dictionaries,
  form,
  onFormChange,
  onSearch,
  onReset,
  t,
}: SearchBarProps) {
  const [advanced, setAdvanced] = useState(false);
  const [unfolded, setUnfolded] = useState(false);
  const primary = filters.filter((f) => f.primary);
  const active = activeFilterCount(filters, form);
  const change = (key: string, value: string) => onFormChange({ ...form, [key]: value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAdvanced(false);
    setUnfolded(false);
    onSearch();
  };
  const inputs = (list: FilterDef[]) =>
    list.map((f) => (
      <FilterInput
        key={f.field}
        filter={f}
        label={labelOf(f.field)}
        form={form}
        options={f.dict ? dictionaries[f.dict] : undefined}
        onChange={change}
        t={t}
      />
    ));
  const bodyId = useId();

  return (
    <form
      className={`portal-search-bar ${unfolded ? 'is-unfolded' : ''}`}
      onSubmit={submit}
      aria-label={t('app.kit.search')}
    >
      <Button
        type="button"
        size="small"
        outlined
        className="portal-filter-toggle"
        icon="pi pi-filter"
        label={active ? t('app.kit.filtersActive', { count: active }) : t('app.kit.filters')}
        aria-expanded={unfolded}
        aria-controls={bodyId}
        onClick={() => setUnfolded((open) => !open)}
      />
      <div className="portal-search-body" id={bodyId}>
        {inputs(primary)}
        <div className="portal-search-actions">
          <Button type="submit" size="small" icon="pi pi-search" label={t('app.kit.search')} />
          <Button type="button" size="small" outlined label={t('app.kit.reset')} onClick={onReset} />
          {filters.length > primary.length && (
            <Button
              type="button"
              size="small"
              text
              label={t('app.kit.advanced')}
              onClick={() => setAdvanced(true)}
            />
          )}
        </div>
      </div>
      <Dialog
        header={t('app.kit.advanced')}
        visible={advanced}
        onHide={() => setAdvanced(false)}
        style={{ width: 'min(720px, 94vw)' }}
        footer={
          <>
            <Button type="button" outlined label={t('app.kit.reset')} onClick={onReset} />
            <Button type="button" label={t('app.kit.search')} onClick={submit} />
          </>
        }
      >
        <div className="portal-filter-grid">{inputs(filters)}</div>
      </Dialog>
    </form>
  );
}

type TableSearchBarProps = Omit<SearchBarProps, 'onSearch' | 'onReset'> & {
  table: {
    send(event: { type: 'filter.apply'; filters: Record<string, unknown> } | { type: 'filter.reset' }): void;
  };
};

/** The search bar of a paged table: searching applies the form's filters, resetting clears both. */
export function TableSearchBar({ table, ...props }: TableSearchBarProps) {
  return (
    <SearchBar
      {...props}
      onSearch={() => table.send({ type: 'filter.apply', filters: filtersOf(props.form) })}
      onReset={() => {
        props.onFormChange({});
        table.send({ type: 'filter.reset' });
      }}
    />
  );
}
