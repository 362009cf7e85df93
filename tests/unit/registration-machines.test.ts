import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ChannelType } from '../../domain/codes/customers.codes';
import type { FileAttachment } from '../../domain/files';
import { progressMachine, type ResubmitInput } from '../../machines/registration/progress.machine';
import { registrationFormMachine } from '../../machines/registration/registration-form.machine';
import type { TextField } from '../../machines/registration/registration-form.rules';
import type { Region, RegistrationProgress } from '../../services/registration.service';
import { deferred, settle } from '../model/model-kit';

const licence: FileAttachment = {
  ObjectID: 'f-1',
  FileName: '营业执照.pdf',
  FileURL: '/portal/file/download/f-1',
  Size: 120,
};
const provinces: Region[] = [{ code: '320000', name: '江苏省' }];
const cities: Region[] = [{ code: '320100', name: '南京市' }];

const complete: Partial<Record<TextField, string>> = {
  Name: '南京启明科技有限公司',
  ExtCreditCode_SDK: '91110000600037341l',
  ExtLegalRepresentative_SDK: '周启明',
  ProvinceCode: '320000',
  Address: '南京市鼓楼区中山北路 1 号',
  ContactName: '周启明',
  ContactPhone: '13912340001',
  Email: 'zhou@example.com',
  ExtBankName_SDK: '招商银行南京分行',
  ExtBankAccountName_SDK: '南京启明科技有限公司',
  ExtBankAccount_SDK: '1259 0388 7710 601',
};

function startForm(
  channel: ChannelType = ChannelType.rsp,
  answers: { provincesFail?: boolean; submitFails?: string } = {},
) {
  const submitted: Record<string, unknown>[] = [];
  const cityCalls: string[] = [];
  const submission = deferred<{ RegistrationNo: string }>();
  const actor = createActor(
    registrationFormMachine.provide({
      actors: {
        loadProvinces: fromPromise(async () => {
          if (answers.provincesFail) throw new Error('offline');
          return provinces;
        }),
        loadCities: fromPromise<Region[], string>(async ({ input }) => {
          cityCalls.push(input);
          return cities;
        }),
        submitRegistration: fromPromise<{ RegistrationNo: string }, Record<string, unknown>>(
          async ({ input }) => {
            submitted.push(input);
            if (answers.submitFails) throw new Error(answers.submitFails);
            return submission.promise;
          },
        ),
      },
    }),
    { input: { channel } },
  ).start();
  const fill = (values: Partial<Record<TextField, string>>) => {
    for (const [field, value] of Object.entries(values))
      actor.send({ type: 'field.change', field: field as TextField, value });
  };
  return { actor, submitted, cityCalls, submission, fill };
}

describe('registration form machine', () => {
  it('loads the provinces beside the form and the cities of the province picked', async () => {
    const { actor, cityCalls } = startForm();
    expect(actor.getSnapshot().hasTag('loadingRegions')).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.provinces).toEqual(provinces);
    actor.send({ type: 'field.change', field: 'ProvinceCode', value: '320000' });
    await settle();
    expect(cityCalls).toEqual(['320000']);
    expect(actor.getSnapshot().context.cities).toEqual(cities);
  });

  it('forgets the city when the province changes, and loads nothing when the province is cleared', async () => {
    const { actor, cityCalls, fill } = startForm();
    await settle();
    fill({ ProvinceCode: '320000' });
    await settle();
    fill({ CityCode: '320100' });
    fill({ ProvinceCode: '' });
    expect(actor.getSnapshot().context.values.CityCode).toBe('');
    expect(actor.getSnapshot().context.cities).toEqual([]);
    expect(actor.getSnapshot().value).toMatchObject({ regions: 'ready' });
    expect(cityCalls).toEqual(['320000']);
  });

  it('lets the applicant retry when the province list does not load', async () => {
    const { actor } = startForm(ChannelType.rsp, { provincesFail: true });
    await settle();
    expect(actor.getSnapshot().value).toMatchObject({ regions: 'unavailable' });
    actor.send({ type: 'regions.retry' });
    expect(actor.getSnapshot().value).toMatchObject({ regions: 'loadingProvinces' });
  });

  it('names every missing field and sends nothing', () => {
    const { actor, submitted } = startForm();
    actor.send({ type: 'form.submit' });
    const { errors } = actor.getSnapshot().context;
    expect(errors).toMatchObject({
      Name: 'required',
      ExtCreditCode_SDK: 'required',
      ContactPhone: 'required',
      ExtBankName_SDK: 'required',
      ExtBankAccountName_SDK: 'required',
      ExtBankAccount_SDK: 'required',
      ExtLicenseFile_SDK: 'required',
    });
    expect(errors.CityCode, 'an RSP names no city').toBeUndefined();
    expect(actor.getSnapshot().hasTag('editable')).toBe(true);
    expect(submitted).toEqual([]);
  });

  it('asks a CCP for its city', () => {
    const { actor } = startForm(ChannelType.ccp);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors.CityCode).toBe('required');
  });

  it('names a wrong credit code, phone, e-mail and bank account, and clears a problem once the field is typed again', () => {
    const { actor, fill } = startForm();
    fill({
      ...complete,
      ExtCreditCode_SDK: '91110000600037341X',
      ContactPhone: '123',
      Email: 'x@',
      ExtBankName_SDK: '招',
      ExtBankAccount_SDK: '6222-02x1',
    });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toMatchObject({
      ExtCreditCode_SDK: 'creditCode',
      ContactPhone: 'phone',
      Email: 'email',
      ExtBankName_SDK: 'bankName',
      ExtBankAccount_SDK: 'bankAccount',
    });
    fill({ ContactPhone: '13912340001' });
    expect(actor.getSnapshot().context.errors.ContactPhone).toBeUndefined();
    expect(actor.getSnapshot().context.errors.Email).toBe('email');
  });

  it('fills name, credit code and representative from the registry, and names a bad registry code', () => {
    const { actor } = startForm();
    actor.send({ type: 'form.submit' });
    actor.send({
      type: 'company.pick',
      name: '北京宏图科技有限公司',
      creditCode: '91110000600037341L',
      representative: '王宏',
    });
    const { values, errors } = actor.getSnapshot().context;
    expect(values).toMatchObject({
      Name: '北京宏图科技有限公司',
      ExtCreditCode_SDK: '91110000600037341L',
      ExtLegalRepresentative_SDK: '王宏',
    });
    expect(errors.Name).toBeUndefined();
    expect(errors.ExtCreditCode_SDK).toBeUndefined();
    actor.send({ type: 'company.pick', name: '坏代码有限公司', creditCode: '91110000600037341K' });
    expect(actor.getSnapshot().context.errors.ExtCreditCode_SDK).toBe('creditCode');
  });

  it('sends the normalised body with the licence and keeps the number the server gives', async () => {
    const { actor, submitted, submission, fill } = startForm();
    fill(complete);
    actor.send({ type: 'licence.change', files: [licence] });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(submitted).toHaveLength(1);
    expect(submitted[0]).toMatchObject({
      ExtChannelSmallType_SDK: ChannelType.rsp,
      ExtCreditCode_SDK: '91110000600037341L',
      ExtLicenseFile_SDK: [licence],
    });
    expect(submitted[0], 'empty optional fields are left out').not.toHaveProperty('ExtProductGroup_SDK');
    submission.resolve({ RegistrationNo: 'ZR202611220001' });
    await settle();
    expect(actor.getSnapshot().value).toMatchObject({ form: 'submitted' });
    expect(actor.getSnapshot().context.registrationNo).toBe('ZR202611220001');
  });

  it("shows the server's refusal, keeps every value, and edits go on", async () => {
    const { actor, fill } = startForm(ChannelType.rsp, { submitFails: '该统一社会信用代码已注册' });
    fill(complete);
    actor.send({ type: 'licence.change', files: [licence] });
    actor.send({ type: 'form.submit' });
    await settle();
    const failed = actor.getSnapshot();
    expect(failed.value).toMatchObject({ form: 'failed' });
    expect(failed.context.error).toBe('该统一社会信用代码已注册');
    expect(failed.context.values.Name).toBe(complete.Name);
    expect(failed.hasTag('editable')).toBe(true);
    actor.send({ type: 'field.change', field: 'Name', value: '南京启明信息有限公司' });
    expect(actor.getSnapshot().value).toMatchObject({ form: 'editing' });
  });
});

const progress = (State: string, Reason: string | null = null): RegistrationProgress => ({
  RegistrationNo: 'ZR202611220001',
  State,
  CurrentStep: 'preReview',
  Steps: ['preReview', 'departmentReview', 'financeReview', 'signing'],
  StepIndex: 0,
  Reason,
  History: [],
});

function startProgress(answers: { found?: RegistrationProgress[]; resubmitFails?: string } = {}) {
  const queries: { RegistrationNo: string; ContactPhone: string }[] = [];
  const resubmitted: ResubmitInput[] = [];
  const found = [...(answers.found ?? [progress('inReview')])];
  const actor = createActor(
    progressMachine.provide({
      actors: {
        fetchProgress: fromPromise(async ({ input }) => {
          queries.push(input);
          const next = found.length > 1 ? found.shift() : found[0];
          if (!next) throw new Error('未找到匹配的注册申请');
          return next;
        }),
        resubmit: fromPromise(async ({ input }) => {
          resubmitted.push(input);
          if (answers.resubmitFails) throw new Error(answers.resubmitFails);
          return undefined;
        }),
      },
    }),
    { input: { registrationNo: 'ZR202611220001' } },
  ).start();
  return { actor, queries, resubmitted };
}

describe('registration progress machine', () => {
  it('takes the number from the address and asks for the phone before looking anything up', () => {
    const { actor, queries } = startProgress();
    expect(actor.getSnapshot().context.registrationNo).toBe('ZR202611220001');
    actor.send({ type: 'query.submit' });
    expect(actor.getSnapshot().context.missing).toBe('phone');
    actor.send({ type: 'query.change', field: 'registrationNo', value: '  ' });
    actor.send({ type: 'query.submit' });
    expect(actor.getSnapshot().context.missing).toBe('registrationNo');
    expect(queries).toEqual([]);
  });

  it('looks the application up by trimmed number and phone and shows its progress', async () => {
    const { actor, queries } = startProgress();
    actor.send({ type: 'query.change', field: 'phone', value: ' 13912340001 ' });
    actor.send({ type: 'query.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(queries).toEqual([{ RegistrationNo: 'ZR202611220001', ContactPhone: '13912340001' }]);
    expect(actor.getSnapshot().value).toBe('shown');
    expect(actor.getSnapshot().context.progress?.State).toBe('inReview');
  });

  it('says only that nothing matches a wrong number or phone', async () => {
    const { actor } = startProgress({ found: [] });
    actor.send({ type: 'query.change', field: 'phone', value: '13900000000' });
    actor.send({ type: 'query.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('asking');
    expect(actor.getSnapshot().context.error).toBe('未找到匹配的注册申请');
    actor.send({ type: 'query.change', field: 'phone', value: '13912340001' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('takes corrections only for a returned application', async () => {
    const { actor, resubmitted } = startProgress();
    actor.send({ type: 'query.change', field: 'phone', value: '13912340001' });
    actor.send({ type: 'query.submit' });
    await settle();
    actor.send({ type: 'correction.change', field: 'Address', value: '南京市玄武区珠江路 8 号' });
    actor.send({ type: 'supplement.submit' });
    expect(actor.getSnapshot().context.corrections).toEqual({});
    expect(actor.getSnapshot().value).toBe('shown');
    expect(resubmitted).toEqual([]);
  });

  it('resubmits the corrections under the same number and shows the review again', async () => {
    const { actor, resubmitted, queries } = startProgress({
      found: [progress('supplement', '请补充清晰的营业执照'), progress('inReview')],
    });
    actor.send({ type: 'query.change', field: 'phone', value: '13912340001' });
    actor.send({ type: 'query.submit' });
    await settle();
    expect(actor.getSnapshot().context.progress?.Reason).toBe('请补充清晰的营业执照');
    actor.send({ type: 'correction.change', field: 'Address', value: ' 南京市玄武区珠江路 8 号 ' });
    actor.send({ type: 'correction.change', field: 'Email', value: '  ' });
    actor.send({ type: 'licence.change', files: [licence] });
    actor.send({ type: 'supplement.submit' });
    await settle();
    await settle();
    expect(resubmitted).toEqual([
      {
        RegistrationNo: 'ZR202611220001',
        ContactPhone: '13912340001',
        Address: '南京市玄武区珠江路 8 号',
        ExtLicenseFile_SDK: [licence],
      },
    ]);
    expect(queries).toHaveLength(2);
    expect(actor.getSnapshot().value).toBe('shown');
    expect(actor.getSnapshot().context.progress?.State).toBe('inReview');
    expect(actor.getSnapshot().context.corrections).toEqual({});
  });

  it('keeps the corrections and shows the refusal when the resubmission fails', async () => {
    const { actor } = startProgress({
      found: [progress('supplement', '补充资料')],
      resubmitFails: '申请状态已变化',
    });
    actor.send({ type: 'query.change', field: 'phone', value: '13912340001' });
    actor.send({ type: 'query.submit' });
    await settle();
    actor.send({ type: 'correction.change', field: 'ContactName', value: '李四' });
    actor.send({ type: 'supplement.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('shown');
    expect(actor.getSnapshot().context.error).toBe('申请状态已变化');
    expect(actor.getSnapshot().context.corrections).toEqual({ ContactName: '李四' });
  });
});
