import '../styles/pickers.css';
import { useActorRef } from '@xstate/react';
import { InputText } from 'primereact/inputtext';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { companyLookupLogic } from '../../machines/kit/company-lookup.actors';
import type { companyLookupMachine } from '../../machines/kit/company-lookup.machine';
import { pickerLogic } from '../../machines/kit/picker.actors';
import type { pickerMachine } from '../../machines/kit/picker.machine';
import { type PickerDefinition, pickerOf } from '../../machines/kit/pickers';
import { type Translate, useT } from '../app-context';
import { CompanyLookupDialog } from './company-lookup-dialog';
import { PickerDialog } from './picker-dialog';
import { PickerInput } from './picker-input';
import { useNoticeToasts } from './use-notice-toasts';

/** What a choice puts into the form: the returnFn's object and the rows it came from. */
export interface PickerChange {
  values: Record<string, unknown>;
  rows: Record<string, unknown>[];
}

export interface PickerFieldProps {
  /** A picker name of machines/kit/pickers.ts (the catalogue's `picker`), e.g. 'customer', 'company'. */
  picker: string;
  value: unknown;
  /** The text the field shows now, and everything the choice carries (empty on clear). */
  onChange: (text: string, change: PickerChange) => void;
  /** action=detail: the picker neither opens nor clears. */
  readOnly?: boolean;
  /** The form field the picker fills (the key of the returnFn's object); 'value' when not given. */
  field?: string;
  multiple?: boolean;
  /** Filters every search sends, e.g. { level: 'city', parentCode: '320000' } for the region picker. */
  params?: Record<string, unknown>;
  id?: string;
  invalid?: boolean;
}

// Both statecharts emit the same notify / picked / cleared events and take the same mode.change.
type FieldActor = ActorRefFrom<typeof pickerMachine> | ActorRefFrom<typeof companyLookupMachine>;

/** Emitted events become toasts and form changes; the page's action=detail becomes read-only mode. */
function useFieldEvents(fieldActor: FieldActor, props: PickerFieldProps) {
  const actor = fieldActor as ActorRefFrom<typeof pickerMachine>;
  const latest = useRef(props);
  latest.current = props;
  const field = props.field ?? 'value';
  useNoticeToasts(actor);
  useEffect(() => {
    const subs = [
      actor.on('picked', (e) => latest.current.onChange(e.text, { values: e.values, rows: e.rows })),
      actor.on('cleared', () => latest.current.onChange('', { values: { [field]: '' }, rows: [] })),
    ];
    return () => {
      for (const sub of subs) sub.unsubscribe();
    };
  }, [actor, field]);
  useEffect(
    () => actor.send({ type: 'mode.change', readOnly: Boolean(props.readOnly) }),
    [actor, props.readOnly],
  );
}

function TablePickerField(props: PickerFieldProps & { definition: PickerDefinition; t: Translate }) {
  const { definition, t } = props;
  const actor = useActorRef(pickerLogic, {
    input: {
      definition,
      field: props.field ?? 'value',
      multiple: props.multiple,
      readOnly: props.readOnly,
      params: props.params,
    },
  });
  useFieldEvents(actor, props);
  // The params are read when a search runs: a form that narrows them later (a model chosen) tells it.
  const params = JSON.stringify(props.params ?? {});
  useEffect(() => actor.send({ type: 'params.change', params: JSON.parse(params) }), [actor, params]);
  return (
    <>
      <PickerInput
        {...props}
        onOpen={() => actor.send({ type: 'picker.open', value: props.value })}
        onClear={() => actor.send({ type: 'value.clear' })}
      />
      <PickerDialog picker={actor} t={t} />
    </>
  );
}

function CompanyPickerField(props: PickerFieldProps & { t: Translate }) {
  const actor = useActorRef(companyLookupLogic, {
    input: { field: props.field ?? 'value', readOnly: props.readOnly },
  });
  useFieldEvents(actor, props);
  return (
    <>
      <PickerInput
        {...props}
        onOpen={() => actor.send({ type: 'lookup.open' })}
        onClear={() => actor.send({ type: 'value.clear' })}
      />
      <CompanyLookupDialog lookup={actor} t={props.t} />
    </>
  );
}

/** A form field filled from a picker (SPEC §2 "Pickers"); read-only when the page's action is detail. */
export function PickerField(props: PickerFieldProps) {
  const t = useT();
  const definition = pickerOf(props.picker);
  if (!definition) return <InputText id={props.id} value={String(props.value ?? '')} readOnly />;
  return definition.kind === 'company' ? (
    <CompanyPickerField {...props} t={t} />
  ) : (
    <TablePickerField {...props} definition={definition} t={t} />
  );
}
