import { describe, expect, it } from 'vitest';
import { pageById, pages } from '../../catalogue/catalogue';
import { pickerParamsOf } from '../../catalogue/define';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';
import { pickerOf } from '../../machines/kit/pickers';

const FORM = 'salesActivity.dailyWorkForm';
const fieldOf = (name: string) => pageById(FORM)?.fields?.find((f) => f.field === name);

describe("the daily report form's people pickers", () => {
  it("offers the copies (抄送人) from the copy picker, several at once: the writer's managers and colleagues", () => {
    const copies = fieldOf('CcNames')!;
    expect(copies).toMatchObject({ kind: 'person', picker: 'copyReader', multiple: true });
    const picker = pickerOf('copyReader')!;
    expect(picker.endpoint).toBe('/employee/search');
    // The server answers the writer's managers and the people of the writer's scope for this flag.
    expect(picker.params).toEqual({ CopyReaders: true });
    expect(pickerParamsOf(FORM, copies, {})).toBeUndefined();
    expect(zh.kitPickers.title.copyReader).toBe('选择抄送人');
    expect(en.kitPickers.title.copyReader).toBeTruthy();
  });

  it('fills the field with the chosen people’s names joined by commas, never their logins or ids', () => {
    const chosen = [
      { ObjectID: 'e-1', LastName: '王建国', ExtUserName_SDK: 'province' },
      { ObjectID: 'e-2', LastName: '李晓梅', ExtUserName_SDK: 'channel' },
    ];
    expect(pickerOf('copyReader')!.returnFn(chosen, 'CcNames')).toEqual({ CcNames: '王建国,李晓梅' });
  });

  it('keeps the recipient (接收人) to one of the managers', () => {
    const receiver = fieldOf('ReceiverName')!;
    expect(receiver).toMatchObject({ picker: 'manager', required: true });
    expect(receiver.multiple).toBeFalsy();
    expect(pickerOf('manager')!.params).toEqual({ Managers: true });
  });

  it('declares several choices only on fields whose picker is a table of rows', () => {
    const several = pages.flatMap((p) => (p.fields ?? []).filter((f) => f.multiple));
    expect(several.length).toBeGreaterThanOrEqual(1);
    for (const f of several) expect(pickerOf(String(f.picker))?.kind, f.field).toBe('table');
  });
});
