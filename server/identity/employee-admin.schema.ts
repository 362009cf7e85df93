import { z } from 'zod';
import { badField } from '../http/envelope';

/** A cleared input ('' from a form) means "no value", so optional fields can also be emptied. */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? null : value), schema.nullish());

export const PHONE = /^1\d{10}$|^0\d{2,3}-?\d{7,8}$/;
const phone = z.string().trim().regex(PHONE);
const regionCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

/** The account fields an administrator sets, by their wire names (the login employee's names). */
const editable = {
  LastName: z.string().trim().min(1).max(50),
  ExtUserName_SDK: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._@-]{3,50}$/),
  ExtRoleCode_SDK: z.string().trim().min(1).max(20),
  Email: optional(z.string().trim().max(100).pipe(z.email())),
  Phone: optional(phone),
  ProvinceCode: optional(regionCode),
  CityCode: optional(regionCode),
  ExtCompanyID_SDK: optional(z.guid()),
  Enabled: z.boolean(),
};

export type EditableField = keyof typeof editable;
export const EDITABLE_FIELDS = Object.keys(editable) as EditableField[];

/** Where each wire field is stored. */
export const COLUMN_OF = {
  LastName: 'last_name',
  ExtUserName_SDK: 'username',
  ExtRoleCode_SDK: 'role_code',
  Email: 'email',
  Phone: 'phone',
  ProvinceCode: 'province_code',
  CityCode: 'city_code',
  ExtCompanyID_SDK: 'company_id',
  Enabled: 'enabled',
} as const satisfies Record<EditableField, string>;

/** The editable state of one employee, compared and recorded field by field. */
export type EmployeeState = {
  [K in EditableField]: K extends 'Enabled' ? boolean : K extends 'LastName' ? string : string | null;
} & { LastName: string; ExtUserName_SDK: string; ExtRoleCode_SDK: string };

export const employeeCreate = z.object({
  ...editable,
  EmployeeID: z.guid().optional(),
  Enabled: editable.Enabled.default(true),
  Password: z.string().min(1).max(200),
});

/** The version the editor saw: Version (the portal's name), version, or the ModifiedOn instant. */
const seen = {
  ObjectID: z.guid(),
  Version: z.number().int().min(1).optional(),
  version: z.number().int().min(1).optional(),
  ModifiedOn: z.string().trim().max(40).optional(),
};

export const employeeChange = z.object({ ...seen, ...z.object(editable).partial().shape });
export const employeeUndo = z.object(seen);
export const employeeReset = z.object({ ...seen, Password: z.string().min(1).max(200) });
export const employeeById = z.object({ ObjectID: z.guid() });

/**
 * Refuses, by name, a key the form may not send (a read-only field such as ExtRoleName_SDK, or a typo),
 * rather than dropping it silently.
 */
export function refuseUnknownKeys(body: unknown, allowed: readonly string[]) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  const unknown = Object.keys(body).find((key) => !allowed.includes(key));
  if (unknown) throw badField(unknown, 'server.people.notWritable');
}

export const CREATE_KEYS = Object.keys(employeeCreate.shape);
export const CHANGE_KEYS = Object.keys(employeeChange.shape);
export const UNDO_KEYS = Object.keys(employeeUndo.shape);
export const RESET_KEYS = Object.keys(employeeReset.shape);
