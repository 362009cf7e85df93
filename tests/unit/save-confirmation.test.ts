import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../catalogue/types';
import { refusalOf } from '../../machines/kit/field-refusal';
import { ConfirmationAsked, FieldRefusal } from '../../machines/kit/record.machine';
import { HttpError } from '../../services/http.service';

const fields: FieldDef[] = [
  { field: 'ProvinceName', kind: 'text' },
  { field: 'CityName', kind: 'text' },
];
const labelOf = (field: string) => ({ ProvinceName: '省份', CityName: '城市' })[field] ?? field;
const question =
  '省份：仍有 3 家城市代理以该代理商为供货上级。确认后，这 3 家城市代理将随该代理商一并迁至江苏省南京市';

describe('a refused save of a record form', () => {
  it('that the server takes once confirmed becomes the question, with what confirming sends back', () => {
    const refused = new HttpError(question, 'refused', {
      state: false,
      message: question,
      field: 'ProvinceName',
      confirm: { name: 'carrySuppliedCcps', value: 3 },
    } as never);
    const asked = refusalOf(refused, fields, labelOf);
    expect(asked).toBeInstanceOf(ConfirmationAsked);
    expect((asked as ConfirmationAsked).message).toBe(question);
    expect((asked as ConfirmationAsked).confirm).toEqual({ name: 'carrySuppliedCcps', value: 3 });
  });

  it('that only refuses stays a refusal under its field, asking nothing', () => {
    const words = '省份：仍有 3 家城市代理以该代理商为供货上级，须先为它们另选本省的供货上级，才能变更省份';
    const refused = new HttpError(words, 'refused', {
      state: false,
      message: words,
      field: 'ProvinceName',
    } as never);
    const refusal = refusalOf(refused, fields, labelOf);
    expect(refusal).toBeInstanceOf(FieldRefusal);
    expect((refusal as FieldRefusal).field).toBe('ProvinceName');
  });
});
