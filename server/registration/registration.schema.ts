import { z } from 'zod';
import { BANK_NAME_LENGTH } from '../../domain/bank-account';
import { ChannelType } from '../../domain/codes/customers.codes';
import { isCalendarDay } from '../http/validate';

const bankName = z.string().trim().min(BANK_NAME_LENGTH.min).max(BANK_NAME_LENGTH.max);

const phone = z
  .string()
  .trim()
  .regex(/^1\d{10}$|^0\d{2,3}-?\d{7,8}$/, 'phone');

/** The public registration form (SPEC §2 /prov-register and /city-register), checked on the server. */
export const registrationForm = z.object({
  ExtChannelSmallType_SDK: z.enum([ChannelType.rsp, ChannelType.ccp]),
  Name: z.string().trim().min(4).max(100),
  ExtCreditCode_SDK: z.string().trim().min(18).max(24),
  ExtLegalRepresentative_SDK: z.string().trim().min(1).max(50),
  ExtRegisteredCapital_SDK: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/)
    .optional(),
  ExtEstablishedDate_SDK: z.string().refine(isCalendarDay, 'date').optional(),
  ProvinceCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
  CityCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/)
    .optional(),
  ExtCoverageCities_SDK: z.string().trim().max(200).optional(),
  Address: z.string().trim().min(1).max(200),
  ContactName: z.string().trim().min(1).max(50),
  ContactPhone: phone,
  Email: z.string().trim().email().max(100),
  ExtProductGroup_SDK: z.string().trim().max(20).optional(),
  // The account the agreement names: given whole or not at all, its number checked by register().
  ExtBankName_SDK: bankName.optional(),
  ExtBankAccountName_SDK: bankName.optional(),
  ExtBankAccount_SDK: z.string().trim().max(60).optional(),
  ExtLicenseFile_SDK: z
    .array(
      z.object({
        ObjectID: z.string().max(60).optional(),
        FileName: z.string().max(200),
        FileURL: z.string().max(500),
        Size: z.number().optional(),
      }),
    )
    .max(5)
    .optional(),
});

export type RegistrationForm = z.infer<typeof registrationForm>;

export const progressQuery = z.object({
  RegistrationNo: z.string().trim().min(6).max(30),
  ContactPhone: phone,
});

export const reviewCommand = z.object({
  ObjectID: z.string().uuid(),
  action: z.enum(['agree', 'reject', 'return', 'forward']),
  reason: z.string().trim().max(500).optional(),
  to: z.string().max(60).optional(),
  WorkflowVersion: z.number().int().positive().optional(),
});
