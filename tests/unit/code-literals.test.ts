import { describe, expect, it } from 'vitest';
import {
  CODE_LITERAL_ALLOWANCES,
  type CodeLiteral,
  codeLiteralsOf,
  isWatchedCode,
  readSource,
  scannedFiles,
} from './code-literals';

// Every dictionary of every code module.
const codeModules = import.meta.glob<Record<string, unknown>>('../../domain/codes/*.codes.ts', {
  eager: true,
});
const dictionaries = Object.values(codeModules).flatMap((module) =>
  Object.values(module).filter(
    (value): value is Record<string, string> => typeof value === 'object' && value !== null,
  ),
);
const watched = new Set(
  dictionaries.flatMap((dictionary) => Object.values(dictionary)).filter(isWatchedCode),
);

const key = (file: string, code: string) => `${file} ${code}`;
const allowed = new Set(CODE_LITERAL_ALLOWANCES.map((allowance) => key(allowance.file, allowance.code)));
const found: CodeLiteral[] = scannedFiles().flatMap((file) =>
  codeLiteralsOf(file, readSource(file), watched),
);

describe('dictionary codes are named once', () => {
  it('watches the three-digit and channel codes of the code modules', () => {
    expect(Object.keys(codeModules).length).toBeGreaterThan(5);
    expect(watched).toContain('101');
    expect(watched).toContain('231');
    expect(watched).toContain('RSP');
    expect(watched).not.toContain('1');
    expect(watched).not.toContain('agent');
  });

  it('finds a code in a literal, in a JSX attribute and in SQL text, and not in a comment', () => {
    const text = [
      "const a = '101'; // '111'",
      'const b = <Tag code="121" />;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the scanned text holds a template literal
      "const c = sql`status = '131' and ${x} = 'x'`;",
      "const d = 'RSPX';",
    ].join('\n');
    expect(codeLiteralsOf('views/x.tsx', text, watched).map((literal) => literal.code)).toEqual([
      '101',
      '121',
      '131',
    ]);
  });

  it('finds no code literal outside domain/codes but those allowed', () => {
    const unexpected = found
      .filter((literal) => !allowed.has(key(literal.file, literal.code)))
      .map((literal) => `${literal.file}:${literal.line} '${literal.code}'`);
    expect(unexpected).toEqual([]);
  });

  it('allows only literals that are still there, each with why', () => {
    const present = new Set(found.map((literal) => key(literal.file, literal.code)));
    expect(CODE_LITERAL_ALLOWANCES.length).toBeLessThanOrEqual(20);
    for (const allowance of CODE_LITERAL_ALLOWANCES) {
      expect(allowance.because.length, key(allowance.file, allowance.code)).toBeGreaterThan(20);
      expect(present, 'stale allowance').toContain(key(allowance.file, allowance.code));
    }
  });
});
