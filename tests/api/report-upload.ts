import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { pageById } from '../../catalogue/catalogue';
import { zh } from '../../locales/zh/messages';
import type { TestApp } from './harness';

export type Row = Record<string, string | number | null>;

/** A field's label as a Chinese user reads it: the resource's own, else the shared one. */
export function labelOf(resource: string, field: string): string {
  const own = (zh.field as Record<string, Record<string, string>>)[resource]?.[field];
  return own ?? (zh.field.common as Record<string, string>)[field] ?? field;
}

/** A workbook as a person fills a list's template: the Chinese headers of its import, then the rows. */
export async function workbook(pageId: string, rows: Row[]): Promise<Buffer> {
  const page = pageById(pageId)!;
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(page.import!.fields.map((f) => labelOf(page.resource!, f.field)));
  for (const row of rows) sheet.addRow(page.import!.fields.map((f) => row[f.field] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** POST /portal/import/upload as the import dialog sends it. */
export async function upload(t: TestApp, pageId: string, rows: Row[], token: string, name = 'report.xlsx') {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="PageID"\r\n\r\n${pageId}\r\n`),
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
    ),
    await workbook(pageId, rows),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/portal/import/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token': token },
  });
  return { status: response.statusCode, body: response.json() };
}
