import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { PHONE } from '../identity/employee-admin.schema';
import { MAX_PAGE_SIZE } from '../resources/search';

const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? null : value), schema.nullish());
const regionCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

/** The fields of an address a form sets, by their wire names. */
const fields = {
  AddressType: z.string().trim().min(1).max(20),
  ReceiverName: z.string().trim().min(1).max(50),
  ReceiverPhone: z.string().trim().regex(PHONE),
  ProvinceCode: regionCode,
  CityCode: optional(regionCode),
  DistrictCode: optional(regionCode),
  DetailAddress: z.string().trim().min(1).max(200),
  PostCode: optional(
    z
      .string()
      .trim()
      .regex(/^\d{6}$/),
  ),
  IsDefault: z.boolean(),
  /** Where the address is on the map, set by the address's owner: a visit's site (docs/activity.md). */
  Latitude: optional(z.number().min(-90).max(90)),
  Longitude: optional(z.number().min(-180).max(180)),
};

export type AddressField = keyof typeof fields;
export const ADDRESS_FIELDS = Object.keys(fields) as AddressField[];

/** Where each wire field is stored. */
export const ADDRESS_COLUMN = {
  AddressType: 'address_type',
  ReceiverName: 'receiver_name',
  ReceiverPhone: 'receiver_phone',
  ProvinceCode: 'region_province',
  CityCode: 'region_city',
  DistrictCode: 'region_district',
  DetailAddress: 'detail',
  PostCode: 'postcode',
  IsDefault: 'is_default',
  Latitude: 'latitude',
  Longitude: 'longitude',
} as const satisfies Record<AddressField, string>;

export const addressCreate = z.object({
  CustomerID: z.guid(),
  ...fields,
  IsDefault: fields.IsDefault.optional(),
});

export const addressUpdate = z.object({
  ObjectID: z.guid(),
  Version: z.number().int().min(1),
  ...z.object(fields).partial().shape,
});

export const addressById = z.object({ ObjectID: z.guid() });

/** One address, a list of ids, or the selected rows (SPEC §7 delete), all or none. */
export const addressDelete = z.union([
  z.object({ ObjectID: z.guid() }),
  z.object({ ObjectIDs: z.array(z.guid()).min(1).max(500) }),
  z
    .array(z.object({ ObjectID: z.guid() }))
    .min(1)
    .max(500),
]);

export const addressSearch = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  CustomerID: z.guid().optional(),
  AddressType: z.string().trim().max(20).optional(),
  IsDefault: z.boolean().optional(),
  keyword: z.string().trim().max(100).optional(),
});

export type AddressCreate = z.infer<typeof addressCreate>;
export type AddressUpdate = z.infer<typeof addressUpdate>;
export type AddressSearch = z.infer<typeof addressSearch>;

export const ADDRESS_CREATE_KEYS = Object.keys(addressCreate.shape);
export const ADDRESS_UPDATE_KEYS = Object.keys(addressUpdate.shape);
