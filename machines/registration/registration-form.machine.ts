import { assign, fromPromise, not, setup } from 'xstate';
import type { FileAttachment } from '../../domain/files';
import type { Region } from '../../services/registration.service';
import { errorText } from '../kit/error-text';
import {
  type ChannelType,
  emptyValues,
  type FieldErrors,
  fieldProblem,
  type RegistrationValues,
  type TextField,
  toBody,
  validate,
} from './registration-form.rules';

export interface RegistrationFormContext {
  channel: ChannelType;
  values: RegistrationValues;
  errors: FieldErrors;
  provinces: Region[];
  cities: Region[];
  registrationNo?: string;
  error?: string;
}

export type RegistrationFormEvent =
  | { type: 'field.change'; field: TextField; value: string }
  | { type: 'licence.change'; files: FileAttachment[] }
  | { type: 'company.pick'; name: string; creditCode?: string; representative?: string }
  | { type: 'form.submit' }
  | { type: 'regions.retry' };

const withoutError = (errors: FieldErrors, ...fields: string[]) =>
  Object.fromEntries(Object.entries(errors).filter(([f]) => !fields.includes(f))) as FieldErrors;

/**
 * The public RSP / CCP registration form (SPEC §2 /prov-register, /city-register): the applicant
 * fills it in, the client checks each field for comfort, the server numbers the application (ZR…).
 * The province and city lists load beside the form.
 */
export const registrationFormMachine = setup({
  types: {
    context: {} as RegistrationFormContext,
    events: {} as RegistrationFormEvent,
    input: {} as { channel: ChannelType },
    tags: {} as 'editable' | 'busy' | 'loadingRegions',
  },
  actors: {
    loadProvinces: fromPromise<Region[], void>(async () => []),
    loadCities: fromPromise<Region[], string>(async () => []),
    submitRegistration: fromPromise<{ RegistrationNo: string }, Record<string, unknown>>(async () => ({
      RegistrationNo: '',
    })),
  },
  guards: {
    hasErrors: ({ context }) => Object.keys(context.errors).length > 0,
    isProvinceChange: ({ event }) => event.type === 'field.change' && event.field === 'ProvinceCode',
    hasProvince: ({ context }) => context.values.ProvinceCode !== '',
  },
  actions: {
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const values = { ...context.values, [event.field]: event.value };
      // Another province means another city: the old one no longer belongs to it.
      if (event.field === 'ProvinceCode') values.CityCode = '';
      return { values, errors: withoutError(context.errors, event.field, 'CityCode') };
    }),
    changeLicence: assign(({ context, event }) =>
      event.type === 'licence.change'
        ? {
            values: { ...context.values, ExtLicenseFile_SDK: event.files },
            errors: withoutError(context.errors, 'ExtLicenseFile_SDK'),
          }
        : {},
    ),
    pickCompany: assign(({ context, event }) => {
      if (event.type !== 'company.pick') return {};
      const values = {
        ...context.values,
        Name: event.name,
        ExtCreditCode_SDK: event.creditCode ?? context.values.ExtCreditCode_SDK,
        ExtLegalRepresentative_SDK: event.representative ?? context.values.ExtLegalRepresentative_SDK,
      };
      const errors = withoutError(context.errors, 'Name', 'ExtCreditCode_SDK', 'ExtLegalRepresentative_SDK');
      const code = fieldProblem(context.channel, 'ExtCreditCode_SDK', values);
      return {
        values,
        errors: code && values.ExtCreditCode_SDK ? { ...errors, ExtCreditCode_SDK: code } : errors,
      };
    }),
    checkAll: assign({ errors: ({ context }) => validate(context.channel, context.values) }),
  },
}).createMachine({
  id: 'registrationForm',
  type: 'parallel',
  context: ({ input }) => ({
    channel: input.channel,
    values: emptyValues(),
    errors: {},
    provinces: [],
    cities: [],
  }),
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          tags: 'editable',
          on: {
            'field.change': { actions: 'changeField' },
            'licence.change': { actions: 'changeLicence' },
            'company.pick': {
              actions: 'pickCompany',
              description: 'A registry company fills name, credit code and representative.',
            },
            'form.submit': 'validating',
          },
        },
        validating: {
          description:
            "Every field is checked; a missing one reads '<label> required' (app.form.required), a wrong credit code is named.",
          entry: 'checkAll',
          always: [{ guard: 'hasErrors', target: 'editing' }, { target: 'submitting' }],
        },
        submitting: {
          tags: 'busy',
          invoke: {
            id: 'submitRegistration',
            src: 'submitRegistration',
            input: ({ context }) => toBody(context.channel, context.values),
            onDone: {
              target: 'submitted',
              actions: assign({
                registrationNo: ({ event }) => event.output.RegistrationNo,
                error: undefined,
              }),
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        failed: {
          tags: 'editable',
          description: "The server's reason is shown; every value stays as typed.",
          on: {
            'field.change': { target: 'editing', actions: 'changeField' },
            'licence.change': { target: 'editing', actions: 'changeLicence' },
            'company.pick': { target: 'editing', actions: 'pickCompany' },
            'form.submit': 'validating',
          },
        },
        submitted: {
          description: 'The application has its number; the applicant follows it on the progress page.',
        },
      },
    },
    regions: {
      initial: 'loadingProvinces',
      states: {
        loadingProvinces: {
          tags: 'loadingRegions',
          invoke: {
            id: 'loadProvinces',
            src: 'loadProvinces',
            onDone: { target: 'ready', actions: assign({ provinces: ({ event }) => event.output }) },
            onError: 'unavailable',
          },
        },
        unavailable: {
          description: 'The province list could not load; the applicant may try again.',
          on: { 'regions.retry': 'loadingProvinces' },
        },
        ready: {
          on: { 'field.change': { guard: 'isProvinceChange', target: 'loadingCities' } },
        },
        loadingCities: {
          tags: 'loadingRegions',
          entry: assign({ cities: [] }),
          always: { guard: not('hasProvince'), target: 'ready' },
          invoke: {
            id: 'loadCities',
            src: 'loadCities',
            input: ({ context }) => context.values.ProvinceCode,
            onDone: { target: 'ready', actions: assign({ cities: ({ event }) => event.output }) },
            onError: 'ready',
          },
          on: { 'field.change': { guard: 'isProvinceChange', target: 'loadingCities', reenter: true } },
        },
      },
    },
  },
});
