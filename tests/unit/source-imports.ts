import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One import of a source file, as the layer rules see it. */
export interface SourceImport {
  /** The importing file, relative to the project root ('views/kit/list-page.tsx'). */
  file: string;
  /** What the file wrote ('../../services/http.service', 'primereact/button'). */
  specifier: string;
  /** A relative import resolved against the root ('services/http.service'), or 'package:<specifier>'. */
  target: string;
  /** `import type` / `export type`: erased at build time, yet still a dependency on the other layer. */
  typeOnly: boolean;
  /** `import('…')`: the bundler puts the target in a chunk loaded when the call runs. */
  dynamic: boolean;
}

export const PROJECT_ROOT = resolve(import.meta.dirname, '../..');

/** The folders whose code ships; tests, scripts and benchmarks may reach across layers. */
export const SOURCE_FOLDERS = ['domain', 'catalogue', 'machines', 'services', 'views', 'locales', 'server'];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(PROJECT_ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(PROJECT_ROOT, join(entry.parentPath, entry.name)));
}

const targetOf = (file: string, specifier: string) =>
  specifier.startsWith('.')
    ? relative(PROJECT_ROOT, resolve(PROJECT_ROOT, dirname(file), specifier))
    : `package:${specifier}`;

/**
 * Every static import and re-export, `import('…')` call and `import('…')` type of a file. Parsed with
 * TypeScript rather than matched with a pattern, so a multi-line or commented-out import is read as
 * the compiler reads it.
 */
export function importsOfSource(file: string, text: string): SourceImport[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: SourceImport[] = [];
  const add = (node: ts.Node | undefined, typeOnly: boolean, dynamic = false) => {
    if (node && ts.isStringLiteralLike(node))
      found.push({ file, specifier: node.text, target: targetOf(file, node.text), typeOnly, dynamic });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, node.importClause?.isTypeOnly ?? false);
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, node.isTypeOnly);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      add(node.arguments[0], false, true);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node.argument.literal, true);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The imports of every source file of the project. */
export function projectImports(): SourceImport[] {
  return SOURCE_FOLDERS.flatMap(sourceFiles).flatMap((file) =>
    importsOfSource(file, readFileSync(join(PROJECT_ROOT, file), 'utf8')),
  );
}
