import { describe, expect, it } from 'vitest';
import { pages } from '../../catalogue/catalogue';
import { findWorkflow } from '../../machines/workflows/registry';
import { areaResource } from '../../server/areas/areas';

/** The workflow panels record pages declare (catalogue/types.ts PageWorkflow). */
describe('workflow panels of the catalogue', () => {
  const declaring = pages.filter((p) => p.workflow);

  it('name a declared workflow whose subject is the page’s record', () => {
    expect(declaring.length).toBeGreaterThan(0);
    for (const page of declaring) {
      const declaration = findWorkflow(page.workflow!.name);
      expect(
        declaration,
        `${page.id}: ${page.workflow!.name} is not in machines/workflows/registry.ts`,
      ).toBeDefined();
      expect(declaration?.subject.resource, page.id).toBe(page.resource);
    }
  });

  it('sit on record pages only: a list has no record to decide on', () => {
    for (const page of declaring) expect(['detail', 'edit'], page.id).toContain(page.kind);
  });

  it('show the registration review on every registration record page, the applications on agent detail pages', () => {
    for (const page of pages.filter((p) => p.resource === 'registrationInfo' && p.kind !== 'list'))
      expect(page.workflow, page.id).toEqual({ name: 'registration', panel: 'decisions', on: 'always' });
    for (const page of pages.filter((p) => p.resource === 'customer' && p.kind === 'detail'))
      expect(page.workflow, page.id).toEqual({
        name: 'customerChange',
        panel: 'agentApplications',
        on: 'detail',
      });
  });
});

/** The lists that hold a workflow's waiting records (the dashboard's to-do cards). */
describe('inboxes of the catalogue', () => {
  const inboxes = pages.filter((p) => p.inbox);

  it('are lists of the records of a declared workflow, or of records its area relates to them', () => {
    expect(inboxes.map((p) => p.id)).toEqual(
      expect.arrayContaining(['customers.registrarApproval', 'customers.rspInfo', 'customers.ccpInfo']),
    );
    for (const page of inboxes) {
      expect(page.kind, page.id).toBe('list');
      const subject = findWorkflow(page.inbox!)?.subject.resource;
      expect(subject, page.id).toBeDefined();
      // A list of other records (a package's lines) is an inbox by the lens its area declares for it.
      if (subject !== page.resource)
        expect(areaResource(page.resource!)?.awaiting?.[page.inbox!], page.id).toBeDefined();
    }
    expect(inboxes.find((p) => p.id === 'salesTask.rspTaskApproval')?.inbox).toBe('salesTask');
  });
});
