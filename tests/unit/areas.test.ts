import { describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';
import { workflowDeclarations, workflowsByArea } from '../../machines/workflows/registry';
import {
  areaInvariants,
  areaJobHandlers,
  areas,
  areaWorkflowHooks,
  declaredResources,
} from '../../server/areas/areas';
import { translate } from '../../server/http/i18n';
import { seededJobs } from '../../server/jobs/seeded-jobs';
import { deriveResourceFields } from '../../server/resources/fields';

/**
 * The areas are the one list the server's registries derive from (docs/adding-a-feature.md). Keys
 * of hooks and of a storage module's rules are typed; what a type cannot see — a resource's own name,
 * a job's key against its scheduled row — is checked here, for every area at once.
 */
describe('business areas', () => {
  it('declare only resources the catalogue has pages for, each in one area', () => {
    const catalogue = new Set(deriveResourceFields().keys());
    const unknown = declaredResources().filter((name) => !catalogue.has(name));
    expect(unknown, 'resources no page shows').toEqual([]);
  });

  it('are the same areas on the server as in the workflow registry, each workflow in one', () => {
    expect(areas.map((a) => a.name).sort()).toEqual(Object.keys(workflowsByArea).sort());
    const names = workflowDeclarations.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    for (const area of areas)
      for (const workflow of Object.keys(area.parts().workflows ?? {}))
        expect(
          workflowsByArea[area.name].map((d) => d.name),
          workflow,
        ).toContain(workflow);
    expect(areaWorkflowHooks('orderApproval')?.after).toBeTypeOf('function');
  });

  it('schedule every job they declare, each under a code of its own with its name in both languages', () => {
    const jobs = seededJobs();
    expect(jobs.map((job) => job.handler).sort()).toEqual([...areaJobHandlers().keys()].sort());
    expect(new Set(jobs.map((job) => job.code)).size).toBe(jobs.length);
    for (const job of jobs) {
      expect(job.name, job.code).not.toMatch(/^server\.jobs/);
      expect(job.group, job.code).not.toMatch(/^server\.jobs/);
      expect(translate('en', `server.jobs.titles.${job.code}.name`), job.code).not.toMatch(/^server\.jobs/);
      expect(job.remark, job.code).not.toMatch(/^server\.jobs/);
    }
  });

  it('word every invariant in both languages and link it to a detail page that exists', () => {
    const invariants = areaInvariants();
    expect(invariants.length).toBeGreaterThan(0);
    const words = (lang: 'zh' | 'en') =>
      (lang === 'zh' ? zh : en).books.rules as Record<
        string,
        Record<string, { title: string; message: string }>
      >;
    for (const invariant of invariants) {
      const [area, key] = invariant.key.split('.');
      const [inZh, inEn] = (['zh', 'en'] as const).map((lang) => words(lang)[area]?.[key]);
      for (const rule of [inZh, inEn]) {
        expect(rule?.title.trim(), `${invariant.key} title`).toBeTruthy();
        expect(rule?.message, `${invariant.key} message names its record`).toContain('{{label}}');
      }
      const placeholders = (text = '') => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(placeholders(inEn?.message), invariant.key).toEqual(placeholders(inZh?.message));
      if (invariant.page) expect(pageById(invariant.page)?.kind, invariant.key).toMatch(/detail|custom/);
    }
  });
});
