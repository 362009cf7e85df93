import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readConfig } from '../config';

/** Turns a Word file into its PDF. */
export interface PdfConverter {
  toPdf(docx: Buffer): Promise<Buffer>;
}

// A two-page agreement converts in a few seconds; a conversion still running after this is stuck.
const CONVERSION_TIMEOUT_MS = 120_000;

/** A program's path: as given when it names a path, else the first directory of PATH holding it. */
export async function findProgram(name: string, path = process.env.PATH ?? ''): Promise<string | undefined> {
  const candidates = name.includes('/')
    ? [name]
    : path
        .split(delimiter)
        .filter(Boolean)
        .map((dir) => join(dir, name));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

/** Runs the program in a process group of its own, so a stuck one is ended with its children. */
function runGroup(program: string, args: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(program, args, { detached: true, stdio: 'ignore' });
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, CONVERSION_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${program} ended with ${signal ?? `exit code ${code}`}`));
    });
  });
}

/**
 * LibreOffice headless (`soffice --headless --convert-to pdf`). Two LibreOffice instances on one user
 * profile refuse to start, and a new profile per document costs a second or two, so this server
 * process keeps one profile of its own and converts one document at a time.
 */
export function libreOfficeConverter(program: string): PdfConverter {
  const profile = pathToFileURL(join(tmpdir(), `portal-soffice-${process.pid}`)).href;
  let queue: Promise<unknown> = Promise.resolve();
  const convert = async (docx: Buffer) => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-agreement-'));
    try {
      const input = join(dir, 'agreement.docx');
      await writeFile(input, docx, { mode: 0o600 });
      const args = ['--headless', '--norestore', `-env:UserInstallation=${profile}`];
      await runGroup(program, [...args, '--convert-to', 'pdf', '--outdir', dir, input]);
      // LibreOffice may end well without writing the file (a document it cannot open): then it fails here.
      return await readFile(join(dir, 'agreement.pdf'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  return {
    toPdf(docx) {
      const result = queue.then(() => convert(docx));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}

/** This server's converter: LibreOffice where it is installed (config `soffice`), else none. */
export async function serverPdfConverter(program = readConfig().soffice): Promise<PdfConverter | null> {
  const found = await findProgram(program);
  return found ? libreOfficeConverter(found) : null;
}
