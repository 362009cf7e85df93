import type { EmployeeFields, EmployeeRecord, Option } from '../../services/employee.service';
import { errorText } from '../kit/error-text';
import { namedField } from '../kit/field-refusal';

export type { EmployeeRecord };

/** What the dialog edits: every field as the input holds it ('' for an empty text). */
export type EmployeeForm = Required<{ [K in keyof EmployeeFields]: NonNullable<EmployeeFields[K]> }> & {
  Password: string;
};
export type FormField = keyof EmployeeForm;

export const FORM_FIELDS: FormField[] = [
  'LastName',
  'ExtUserName_SDK',
  'ExtRoleCode_SDK',
  'Email',
  'Phone',
  'ProvinceCode',
  'CityCode',
  'ExtCompanyID_SDK',
  'Enabled',
];

/** Account administrators hold the roles-and-menus page; the server applies the same rule. */
export const isAccountAdmin = (menus: { Path: string }[]) => menus.some((m) => m.Path === 'system.roleMenus');

export interface EmployeeAdminInput {
  /** Holds the roles-and-menus page: may create, edit and undo (the server checks the same). */
  accountAdmin: boolean;
  /** The logged-in employee, whose own password is changed on the password form, not reset here. */
  selfId?: string;
}

const SYSTEM_ADMIN_ROLE = 'JS001';

/**
 * Whose password the user may reset (the server's rule): not their own, a system administrator's only
 * as an account administrator, and only an account whose role can do no more than the user's (the
 * server says so of each row).
 */
export const mayReset = (context: EmployeeAdminInput, row: EmployeeRecord) =>
  row.ObjectID !== context.selfId &&
  (context.accountAdmin || row.ExtRoleCode_SDK !== SYSTEM_ADMIN_ROLE) &&
  row.MayResetPassword !== false;

export interface EmployeeAdminContext extends EmployeeAdminInput {
  mode?: 'create' | 'edit';
  /** The account acted on, as last loaded (its version goes with every write). */
  target?: EmployeeRecord;
  form: EmployeeForm;
  roles: Option[];
  provinces: Option[];
  cities: Option[];
  companies: Option[];
  companyKeyword: string;
  error?: string;
  /** The wire name of the field a refusal names, so the dialog marks that input. */
  errorField?: string;
}

export interface FormData {
  record?: EmployeeRecord;
  roles: Option[];
  provinces: Option[];
}

export type EmployeeAdminEvent =
  | { type: 'employee.create' }
  | { type: 'employee.edit'; row: EmployeeRecord }
  | { type: 'password.reset'; row: EmployeeRecord }
  | { type: 'change.undo'; row: EmployeeRecord }
  | { type: 'form.change'; field: FormField; value: string | boolean }
  | { type: 'company.search'; keyword: string }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'undo.confirm' }
  | { type: 'undo.cancel' };

export type EmployeeAdminEmitted =
  | { type: 'notify'; severity: 'success' | 'warn' | 'error'; message: string }
  | { type: 'rows.changed' };

export const emptyForm = (): EmployeeForm => ({
  LastName: '',
  ExtUserName_SDK: '',
  ExtRoleCode_SDK: '',
  Email: '',
  Phone: '',
  ProvinceCode: '',
  CityCode: '',
  ExtCompanyID_SDK: '',
  Enabled: true,
  Password: '',
});

export function formOf(record?: EmployeeRecord): EmployeeForm {
  const form = emptyForm();
  if (!record) return form;
  for (const field of FORM_FIELDS) {
    const value = record[field];
    if (field === 'Enabled') form.Enabled = value !== false;
    else (form as Record<string, unknown>)[field] = value ?? '';
  }
  return form;
}

/** The scope of the chosen role: agent roles ('company') belong to a company. */
export const roleScopeOf = (context: Pick<EmployeeAdminContext, 'roles' | 'form'>) =>
  context.roles.find((r) => r.value === context.form.ExtRoleCode_SDK)?.scope;

/** The form after one input changes: a new province clears its city, a vendor role its company. */
export function withChange(context: EmployeeAdminContext, field: FormField, value: string | boolean) {
  const form = { ...context.form, [field]: value } as EmployeeForm;
  if (field === 'ProvinceCode' && value !== context.form.ProvinceCode) form.CityCode = '';
  if (field === 'ExtRoleCode_SDK' && roleScopeOf({ roles: context.roles, form }) !== 'company')
    form.ExtCompanyID_SDK = '';
  return form;
}

const wireOf = (value: string | boolean) => (value === '' ? null : value);
const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || (a === '' && b == null);

/** The fields that differ from the loaded account; an empty input clears the field. */
export function changesOf(context: EmployeeAdminContext): EmployeeFields {
  const record = context.target ?? { ObjectID: '', Version: 0 };
  const changes: Record<string, unknown> = {};
  for (const field of FORM_FIELDS) {
    const value = context.form[field];
    if (!same(value, record[field])) changes[field] = wireOf(value);
  }
  return changes as EmployeeFields;
}

/** What create sends: the filled fields and the initial password. */
export function creationOf(form: EmployeeForm): EmployeeFields & { Password: string } {
  const fields: Record<string, unknown> = {};
  for (const field of FORM_FIELDS) if (form[field] !== '') fields[field] = form[field];
  return { ...fields, Password: form.Password } as EmployeeFields & { Password: string };
}

/** The same rule as the server's: 8+ characters with letters and digits. */
export const isStrongPassword = (password: string) =>
  password.length >= 8 && /[A-Za-z]/.test(password) && /\d/.test(password);

/**
 * A refusal's message and the field it names: the server starts a bad field's message with its wire
 * name ("Email: ..."), and some rules name the field in brackets at the end.
 */
export function refusalOf(error: unknown): { error: string; errorField?: string } {
  const message = errorText(error);
  const fields: string[] = [...FORM_FIELDS, 'Password'];
  // The envelope names the field; an older answer named it only at the start of its message.
  const named = [
    namedField(error),
    /^([A-Za-z_]+)/.exec(message)?.[1],
    /[\uFF08(]([A-Za-z_]+)[\uFF09)]/.exec(message)?.[1],
  ];
  return { error: message, errorField: named.find((f) => f !== undefined && fields.includes(f)) };
}
