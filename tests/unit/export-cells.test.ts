import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { col } from '../../catalogue/define';
import { formatDateTime, fromBusinessTime } from '../../domain/format';
import type { ExportConfig } from '../../server/export/export-configs';
import { fileNameOf } from '../../server/export/export-runner';
import { CELL_FORMATS, formatColumns, typedValue } from '../../server/export/typed-cell';
import { formatValue } from '../../views/kit/cell-value';

/**
 * An exported sheet is for sums and filters in Excel: amounts, numbers and dates are typed cells with
 * the table's formats, and every time (cells, file name, export log, list tables) reads on one clock.
 */
const dir = mkdtempSync(join(tmpdir(), 'export-cells-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const columns = [
  col.text('OrderNo'),
  col.price('OrderAmount'),
  col.number('Quantity'),
  col.percent('ApplyDiscount'),
  col.date('OrderDate'),
  col.dateTime('CreationOn'),
  col.dict('ApprovalStatus', 'ApprovalStatus'),
];
const dictionaries = new Map([['ApprovalStatus', new Map([['121', '已生效']])]]);
const rows = [
  {
    OrderNo: 'DD1',
    OrderAmount: '12345.60',
    Quantity: 3,
    ApplyDiscount: 12.5,
    OrderDate: '2026-03-01',
    CreationOn: '2026-05-15T16:30:05.000Z',
    ApprovalStatus: '121',
  },
  { OrderNo: 'DD2', OrderAmount: 100, Quantity: '2.9', OrderDate: '2026-03-02T00:00:00Z' },
];

/** Writes the rows as the export runner does (streamed, with styles) and reads the sheet back. */
async function writtenSheet() {
  const filename = join(dir, 'cells.xlsx');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Sheet1');
  formatColumns(sheet, columns);
  for (const row of rows) sheet.addRow(columns.map((c) => typedValue(c, row, dictionaries, 'zh'))).commit();
  sheet.commit();
  await workbook.commit();
  const read = new ExcelJS.Workbook();
  await read.xlsx.readFile(filename);
  return read.worksheets[0]!;
}

describe('typed export cells', () => {
  it('writes amounts, numbers and percentages as numbers with their formats', async () => {
    const sheet = await writtenSheet();
    const amount = sheet.getCell('B1');
    expect(amount.type).toBe(ExcelJS.ValueType.Number);
    expect(amount.value).toBe(12345.6);
    expect(amount.numFmt).toBe('#,##0.00');
    expect(sheet.getCell('B2').value).toBe(100);
    expect(sheet.getCell('C1')).toMatchObject({ type: ExcelJS.ValueType.Number, value: 3, numFmt: '0' });
    expect(sheet.getCell('C2').value, 'numbers are floored as the table shows them').toBe(2);
    expect(sheet.getCell('D1')).toMatchObject({ value: 0.125, numFmt: CELL_FORMATS.percent });
    expect(sheet.getCell('D2').type, 'an empty value stays an empty cell').toBe(ExcelJS.ValueType.Null);
  });

  it('writes days and instants as dates, instants on the business clock', async () => {
    const sheet = await writtenSheet();
    const day = sheet.getCell('E1');
    expect(day.type).toBe(ExcelJS.ValueType.Date);
    expect(day.numFmt).toBe('yyyy-mm-dd');
    expect((day.value as Date).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect((sheet.getCell('E2').value as Date).toISOString().slice(0, 10)).toBe('2026-03-02');
    const instant = sheet.getCell('F1');
    expect(instant.type).toBe(ExcelJS.ValueType.Date);
    expect(instant.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    // 16:30 UTC is 00:30 the next day in Beijing: the cell reads 2026-05-16 00:30:05.
    expect((instant.value as Date).toISOString()).toBe('2026-05-16T00:30:05.000Z');
  });

  it('keeps texts as texts: numbers, dictionary texts', async () => {
    const sheet = await writtenSheet();
    expect(sheet.getCell('A1')).toMatchObject({ type: ExcelJS.ValueType.String, value: 'DD1' });
    expect(sheet.getCell('G1')).toMatchObject({ type: ExcelJS.ValueType.String, value: '已生效' });
  });
});

describe('one clock for every time shown or written', () => {
  const at = new Date('2026-05-15T16:30:05Z');

  it('the file name, the list tables and the export log read the same time', () => {
    const config = { page: { titleKey: 'page.ordersSetup.selfBuiltOrders' } } as unknown as ExportConfig;
    expect(fileNameOf(config, 'zh', 'abcdef123', at)).toMatch(/_20260516003005_abcdef\.xlsx$/);
    expect(formatValue('dateTime', at.toISOString())).toBe('2026-05-16 00:30:05');
    expect(formatDateTime(at.toISOString())).toBe('2026-05-16 00:30:05');
  });

  it('a time typed on the business clock is the instant it names', () => {
    expect(fromBusinessTime('2026-05-16T00:30')).toBe('2026-05-15T16:30:00.000Z');
    expect(fromBusinessTime('nonsense')).toBe('');
    expect(formatDateTime('2026-05-16 00:30:05'), 'a time without a zone is already on the clock').toBe(
      '2026-05-16 00:30:05',
    );
  });
});
