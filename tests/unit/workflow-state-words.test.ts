import { describe, expect, it } from 'vitest';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';
import { workflowDeclarations } from '../../machines/workflows/registry';

/**
 * A workflow's status is shown by its top-level state's words (server.workflow.states): in the
 * process history, the decision panel and every list of streams. A state without words would show its
 * key to a person, in either language.
 */
describe('workflow states', () => {
  it('are worded in Chinese and English, every top-level state of every workflow', () => {
    const missing: string[] = [];
    for (const declaration of workflowDeclarations) {
      const states = Object.keys(declaration.machine.config.states ?? {});
      expect(states.length, declaration.name).toBeGreaterThan(0);
      for (const state of states)
        for (const [lang, messages] of [
          ['zh', zh],
          ['en', en],
        ] as const)
          if (typeof (messages.server.workflow.states as Record<string, unknown>)[state] !== 'string')
            missing.push(`${lang} ${declaration.name}.${state}`);
    }
    expect(missing).toEqual([]);
  });
});
