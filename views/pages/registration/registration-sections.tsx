import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { BANK_FIELDS } from '../../../domain/bank-account';
import type { registrationFormMachine } from '../../../machines/registration/registration-form.machine';
import {
  type FormField,
  requiredFields,
  type TextField,
} from '../../../machines/registration/registration-form.rules';
import type { Translate } from '../../app-context';
import { CompanyNameField } from './company-name-field';
import { FormRow, RegionSelect, TextInput } from './form-row';
import { LicenceUpload } from './licence-upload';

type FormRef = ActorRefFrom<typeof registrationFormMachine>;

const SECTIONS: { key: string; fields: FormField[] }[] = [
  {
    key: 'company',
    fields: [
      'Name',
      'ExtCreditCode_SDK',
      'ExtLegalRepresentative_SDK',
      'ExtRegisteredCapital_SDK',
      'ExtEstablishedDate_SDK',
    ],
  },
  { key: 'licence', fields: ['ExtLicenseFile_SDK'] },
  { key: 'contact', fields: ['ContactName', 'ContactPhone', 'Email', 'Address'] },
  { key: 'bank', fields: [...BANK_FIELDS] },
  { key: 'coverage', fields: ['ProvinceCode', 'CityCode', 'ExtCoverageCities_SDK', 'ExtProductGroup_SDK'] },
];

const inputType = (field: TextField) =>
  field === 'ExtEstablishedDate_SDK'
    ? 'date'
    : field === 'Email'
      ? 'email'
      : field === 'ContactPhone'
        ? 'tel'
        : 'text';

/** The form's sections (company, licence, contact, coverage), each field bound to the form statechart. */
export function RegistrationSections({ form, t }: { form: FormRef; t: Translate }) {
  const values = useSelector(form, (s) => s.context.values);
  const errors = useSelector(form, (s) => s.context.errors);
  const channel = useSelector(form, (s) => s.context.channel);
  const provinces = useSelector(form, (s) => s.context.provinces);
  const cities = useSelector(form, (s) => s.context.cities);
  const regionsFailed = useSelector(form, (s) => s.matches({ regions: 'unavailable' }));
  const required = requiredFields(channel);
  const change = (field: TextField) => (value: string) => form.send({ type: 'field.change', field, value });

  const input = (field: FormField) => {
    const id = `reg-${field}`;
    const invalid = Boolean(errors[field]);
    switch (field) {
      case 'Name':
        return (
          <CompanyNameField
            id={id}
            value={values.Name}
            invalid={invalid}
            onChange={change('Name')}
            onPick={(c) => form.send({ type: 'company.pick', ...c })}
            t={t}
          />
        );
      case 'ExtLicenseFile_SDK':
        return (
          <LicenceUpload
            id={id}
            region={{
              ProvinceCode: values.ProvinceCode || undefined,
              CityCode: values.CityCode || undefined,
            }}
            onChange={(files) => form.send({ type: 'licence.change', files })}
          />
        );
      case 'ProvinceCode':
      case 'CityCode':
        return (
          <RegionSelect
            id={id}
            value={values[field]}
            options={field === 'ProvinceCode' ? provinces : cities}
            placeholder={t(`registration.placeholder.${field === 'ProvinceCode' ? 'province' : 'city'}`)}
            invalid={invalid}
            disabled={field === 'CityCode' && !values.ProvinceCode}
            onChange={change(field)}
          />
        );
      default:
        return (
          <TextInput
            id={id}
            value={values[field]}
            invalid={invalid}
            type={inputType(field)}
            onChange={change(field)}
          />
        );
    }
  };

  return (
    <>
      {SECTIONS.map((section) => (
        <fieldset key={section.key} className="portal-registration-section">
          <legend>{t(`registration.sections.${section.key}`)}</legend>
          {section.key === 'bank' && <p className="portal-hint">{t('registration.bankTip')}</p>}
          {section.key === 'coverage' && regionsFailed && (
            <div className="portal-form-error" role="alert">
              {t('registration.regionsFailed')}{' '}
              <button
                type="button"
                className="portal-link-button"
                onClick={() => form.send({ type: 'regions.retry' })}
              >
                {t('registration.retry')}
              </button>
            </div>
          )}
          <div className="portal-registration-grid">
            {section.fields.map((field) => (
              <FormRow
                key={field}
                id={`reg-${field}`}
                label={t(`registration.fields.${field}`)}
                required={required.includes(field)}
                problem={errors[field]}
                wide={field === 'Address' || field === 'ExtLicenseFile_SDK' || field === 'Name'}
                t={t}
              >
                {input(field)}
              </FormRow>
            ))}
          </div>
        </fieldset>
      ))}
    </>
  );
}
