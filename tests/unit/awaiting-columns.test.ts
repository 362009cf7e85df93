import { describe, expect, it } from 'vitest';
import { workflowDeclarations } from '../../machines/workflows/registry';
import { allResources } from '../../server/resources/registry';

/**
 * A table that keeps who its record waits for (storage `awaiting`) has one stream per record: with a
 * second workflow, or several streams, the row could say only one of them and the to-do lens would
 * miss the others.
 */
describe('records that keep who they wait for', () => {
  const keeping = [...allResources().values()].filter((def) => def.storage.awaiting);

  it('are the orders and the receipts', () => {
    expect(keeping.map((def) => def.name).sort()).toEqual(['order', 'payment']);
  });

  it('are the subject of exactly one workflow, with one stream per record', () => {
    for (const def of keeping) {
      const about = workflowDeclarations.filter((w) => w.subject.resource === def.name);
      expect(
        about.map((w) => w.subject.streams),
        def.name,
      ).toEqual(['onePerSubject']);
    }
  });
});
