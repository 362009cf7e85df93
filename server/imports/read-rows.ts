import { createReadStream, statSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';
import { PortalError } from '../http/envelope';
import { type CellValue, plainCell } from './cell-values';

export interface SheetRow {
  /** The row's number in the sheet, as the person sees it (the header is row 1). */
  rowNo: number;
  cells: CellValue[];
  /** How much of the file has been read (0–1), for the import's progress. */
  share: number;
}

/** Beyond this a file is split: an import is one transaction, and a month's report is far smaller. */
export const MAX_ROWS = 100_000;

const malformed = () => new PortalError(400, 'imports.server.malformed');

/** Text from a stream of bytes, a character split between two chunks kept whole. */
async function* utf8(chunks: AsyncIterable<Buffer | string>) {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) yield typeof chunk === 'string' ? chunk : decoder.write(chunk);
  const rest = decoder.end();
  if (rest) yield rest;
}

type ReaderInternals = {
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string): unknown;
  _parseSharedStrings(entry: { setEncoding(encoding: string): void }): unknown;
};

/**
 * exceljs' streaming reader decodes every compressed chunk on its own, so a Chinese character that
 * straddles two chunks comes out as two replacement characters (exceljs issues 2063, 2084): an agent's
 * name would then match no agent. The sheets and shared strings reach its parser decoded here instead.
 */
class Utf8WorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string) {
    return (ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as ReaderInternals)._parseWorksheet.call(
      this,
      utf8(iterator),
      sheetNo,
    );
  }

  _parseSharedStrings(entry: { setEncoding(encoding: string): void }) {
    entry.setEncoding('utf8');
    return (
      ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as ReaderInternals
    )._parseSharedStrings.call(this, entry);
  }
}

/**
 * exceljs' streaming unzip now and then hands a sheet over before the workbook part it depends on (about
 * one read in a hundred of the same file): the read then fails at the sheet, before its first row.
 * Reading the file again gets it whole; a file that fails every time is not a workbook.
 */
const READ_ATTEMPTS = 3;

/**
 * The rows of a workbook's first non-empty sheet, streamed (bounded memory whatever the file's size): the
 * header row first, then every row that is not blank, its cells in column order. A file that is no
 * workbook is a 400, never a 500.
 */
export async function* readSheetRows(path: string): AsyncGenerator<SheetRow> {
  for (let attempt = 1; ; attempt += 1) {
    let yielded = false;
    try {
      for await (const row of readOnce(path)) {
        yielded = true;
        yield row;
      }
      return;
    } catch (error) {
      if (error instanceof PortalError) throw error;
      if (yielded || attempt >= READ_ATTEMPTS) throw malformed();
    }
  }
}

async function* readOnce(path: string): AsyncGenerator<SheetRow> {
  const size = Math.max(1, statSync(path).size);
  const input = createReadStream(path);
  const reader = new Utf8WorkbookReader(input, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // Styles tell a date cell from a number.
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  let count = 0;
  let sawSheet = false;
  try {
    for await (const sheet of reader) {
      sawSheet = true;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const raw = row.values as unknown[];
        const cells = Array.from({ length: Math.max(0, raw.length - 1) }, (_, i) => plainCell(raw[i + 1]));
        if (cells.every((c) => c === null)) continue;
        count += 1;
        if (count > MAX_ROWS + 1) throw new PortalError(400, 'imports.server.tooManyRows', { max: MAX_ROWS });
        yield { rowNo: row.number, cells, share: input.bytesRead / size };
      }
      // A workbook saved by another program may open on a blank sheet: the data is the first sheet with a row.
      if (count > 0) break;
    }
  } finally {
    input.destroy();
  }
  if (!sawSheet) throw new Error('no worksheet');
}
