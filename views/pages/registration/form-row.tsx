import type { ReactNode } from 'react';
import type { FieldProblem } from '../../../machines/registration/registration-form.rules';
import type { Translate } from '../../app-context';

/** '<label> required' (app.form.required) for a missing field (SPEC §5), the named problem otherwise. */
export const problemText = (t: Translate, label: string, problem: FieldProblem) =>
  problem === 'required'
    ? `${label}${t('registration.problems.required')}`
    : t(`registration.problems.${problem}`);

interface FormRowProps {
  id: string;
  label: string;
  required?: boolean;
  problem?: FieldProblem;
  wide?: boolean;
  t: Translate;
  children: ReactNode;
}

/** One labelled field of the public forms, with its problem under it. */
export function FormRow({ id, label, required, problem, wide, t, children }: FormRowProps) {
  return (
    <div className={`portal-field ${wide ? 'is-wide' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span className="portal-required">*</span>}
      </label>
      {children}
      {problem && (
        <small className="portal-field-error" data-field-error={id}>
          {problemText(t, label, problem)}
        </small>
      )}
    </div>
  );
}

interface TextInputProps {
  id: string;
  value: string;
  invalid: boolean;
  type?: 'text' | 'date' | 'email' | 'tel';
  onChange(value: string): void;
}

/** A plain text input in PrimeReact's look. */
export function TextInput({ id, value, invalid, type = 'text', onChange }: TextInputProps) {
  return (
    <input
      id={id}
      name={id}
      type={type}
      className={`p-inputtext p-component ${invalid ? 'p-invalid' : ''}`}
      value={value}
      aria-invalid={invalid}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

interface RegionSelectProps {
  id: string;
  value: string;
  options: { code: string; name: string }[];
  placeholder: string;
  invalid: boolean;
  disabled?: boolean;
  onChange(value: string): void;
}

/** A province or city list (a native select: quick to use with the keyboard, nothing to load). */
export function RegionSelect({
  id,
  value,
  options,
  placeholder,
  invalid,
  disabled,
  onChange,
}: RegionSelectProps) {
  return (
    <select
      id={id}
      name={id}
      className={`p-inputtext p-component portal-select ${invalid ? 'p-invalid' : ''}`}
      value={value}
      disabled={disabled}
      aria-invalid={invalid}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o.code} value={o.code}>
          {o.name}
        </option>
      ))}
    </select>
  );
}
