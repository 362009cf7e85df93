import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/**
 * JavaScript the browser loads for the first screen (/login): the entry with its static imports,
 * plus the login page's chunk with its static imports, gzipped — what ARCHITECTURE.md §9 budgets.
 */
export function firstLoadJs(distDir = 'dist') {
  const manifest: Record<string, ManifestChunk> = JSON.parse(
    readFileSync(join(distDir, '.vite/manifest.json'), 'utf8'),
  );
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)!;
  const loginKey = Object.keys(manifest).find((key) => key.endsWith('pages/login-page.tsx'))!;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  visit(loginKey);
  const sizes = [...files].map((file) => {
    const content = readFileSync(join(distDir, file));
    return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  return { files: sizes, totalGzip: sizes.reduce((sum, s) => sum + s.gzip, 0) };
}
