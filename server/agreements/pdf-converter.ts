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

// LibreOffice takes a few seconds to start and well under one per agreement once running; one still
// running after this is stuck.
const timeoutFor = (documents: number) => 60_000 + 10_000 * documents;
// At most this many documents to one LibreOffice run, so one bad batch costs little.
const MAX_BATCH = 20;

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
function runGroup(program: string, args: string[], timeoutMs: number) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(program, args, { detached: true, stdio: 'ignore' });
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, timeoutMs);
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

interface Job {
  docx: Buffer;
  resolve: (pdf: Buffer) => void;
  reject: (error: unknown) => void;
}

/**
 * LibreOffice headless (`soffice --headless --convert-to pdf`). Starting LibreOffice costs seconds and
 * converting an agreement a fraction of one, so the documents asked for together go to one run. Two
 * LibreOffice instances on one user profile refuse to start, so this server process keeps a profile
 * of its own and runs one LibreOffice at a time; what is asked meanwhile waits for the next run.
 */
export function libreOfficeConverter(program: string): PdfConverter {
  const profile = pathToFileURL(join(tmpdir(), `portal-soffice-${process.pid}`)).href;
  const waiting: Job[] = [];
  let running = false;

  const convert = async (batch: Job[]) => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-agreement-'));
    try {
      const inputs = batch.map((_, i) => join(dir, `agreement-${i}.docx`));
      await Promise.all(batch.map((job, i) => writeFile(inputs[i], job.docx, { mode: 0o600 })));
      const args = ['--headless', '--norestore', `-env:UserInstallation=${profile}`, '--convert-to', 'pdf'];
      try {
        await runGroup(program, [...args, '--outdir', dir, ...inputs], timeoutFor(batch.length));
      } catch (error) {
        for (const job of batch) job.reject(error);
        return;
      }
      // A document LibreOffice could not open has no PDF: it alone fails.
      await Promise.all(
        batch.map((job, i) => readFile(join(dir, `agreement-${i}.pdf`)).then(job.resolve, job.reject)),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  const pump = () => {
    if (running || !waiting.length) return;
    running = true;
    const batch = waiting.splice(0, MAX_BATCH);
    // A batch that could not even be written fails whole (a settled job stays as it is).
    convert(batch)
      .catch((error) => {
        for (const job of batch) job.reject(error);
      })
      .finally(() => {
        running = false;
        pump();
      });
  };
  return {
    toPdf(docx) {
      return new Promise<Buffer>((resolve, reject) => {
        waiting.push({ docx, resolve, reject });
        // Those asked for in the same turn go together.
        setImmediate(pump);
      });
    },
  };
}

/** This server's converter: LibreOffice where it is installed (config `soffice`), else none. */
export async function serverPdfConverter(program = readConfig().soffice): Promise<PdfConverter | null> {
  const found = await findProgram(program);
  return found ? libreOfficeConverter(found) : null;
}
