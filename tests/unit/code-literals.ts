import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { PROJECT_ROOT } from './source-imports';

/**
 * Dictionary codes are named once, in domain/codes/ (docs/decisions.md "Dictionary codes"). A
 * dictionary-code literal is a string literal of the code, with nothing else in it, equal to a code
 * the scan watches ('101', 'RSP'), or such a code in single quotes inside a longer string or template
 * (SQL text: `status = '101'`). The scan reads the files with TypeScript, so comments are never
 * counted and a code in JSX attributes or templates is.
 *
 * Watched codes are the codes of every dictionary in domain/codes/ except those too short or too
 * common to mean a dictionary on their own: one-character codes (Quarter 1–4, StiKind 1–2) and
 * ordinary words ('agent', 'city'). Three-digit codes and the channel and sync codes stay: a quoted
 * '121' or 'CCP' in this project is a dictionary code unless an allowance below says otherwise.
 */
export const SCANNED_FOLDERS = [
  'server',
  'machines',
  'views',
  'services',
  'domain',
  'catalogue',
  'scripts',
  'bench',
];

/**
 * Not scanned: the code modules themselves; the locales (words, not codes); migrations, which are the
 * record of changes already applied to databases, kept as they ran (a migration that read a constant
 * would change its meaning when the constant moved).
 */
export const UNSCANNED = ['domain/codes/', 'server/db/migrations/'];

/** A code of a watched dictionary, where the scan found it. */
export interface CodeLiteral {
  file: string;
  line: number;
  code: string;
}

/** A literal the scan tolerates in one file, with why; the test fails once it is no longer there. */
export interface CodeLiteralAllowance {
  file: string;
  code: string;
  because: string;
}

export const CODE_LITERAL_ALLOWANCES: CodeLiteralAllowance[] = [];

/** Codes too short or too ordinary to mean a dictionary without context. */
export const isWatchedCode = (code: string) => code.length >= 3 && /^(\d+|[A-Z]+)$/.test(code);

export function scannedFiles(): string[] {
  return SCANNED_FOLDERS.flatMap((folder) =>
    readdirSync(join(PROJECT_ROOT, folder), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => relative(PROJECT_ROOT, join(entry.parentPath, entry.name)))
      .filter((file) => !UNSCANNED.some((prefix) => file.startsWith(prefix))),
  );
}

const QUOTED = /'([^'\s]{3,12})'/g;

/** The watched codes a file spells as literals. */
export function codeLiteralsOf(file: string, text: string, watched: ReadonlySet<string>): CodeLiteral[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: CodeLiteral[] = [];
  const add = (node: ts.Node, code: string) =>
    found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, code });
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const text = node.text;
      const whole = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
      if (whole && watched.has(text)) add(node, text);
      else for (const [, inner] of text.matchAll(QUOTED)) if (watched.has(inner)) add(node, inner);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function readSource(file: string): string {
  return readFileSync(join(PROJECT_ROOT, file), 'utf8');
}
