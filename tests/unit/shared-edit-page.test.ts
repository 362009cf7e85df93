import { describe, expect, it } from 'vitest';
import { pageById, pages } from '../../catalogue/catalogue';
import { presetOf } from '../../machines/kit/record.actors';
import { missingRequired } from '../../machines/kit/record.machine';
import { allowedPages } from '../../machines/session/permissions';

/** An edit page several lists share (the agreement templates' one), as catalogue entries name it. */
const template = pageById('models.template')!;

describe('an edit page several lists share', () => {
  it('is named by each of its lists and belongs to one of them', () => {
    const lists = pages.filter((p) => p.editPage === template.id);
    expect(lists.map((p) => p.id).sort()).toEqual([
      'models.all',
      'models.city',
      'models.prov',
      'models.total',
    ]);
    expect(template).toMatchObject({ kind: 'edit', hidden: true, resource: 'agreementTemplate' });
    for (const list of lists) expect(list.resource).toBe(template.resource);
  });

  it('opens for a role holding any one of the lists, and not for a role holding none', () => {
    const only = (path: string) => allowedPages([{ ID: path, Path: path }]);
    for (const list of ['models.total', 'models.prov', 'models.city', 'models.all'])
      expect(only(list).has(template.id), list).toBe(true);
    expect(only('customers.rspInfo').has(template.id)).toBe(false);
  });

  it("starts a new record with the values of the query that name the form's writable fields", () => {
    expect(
      presetOf('action=add&ExtTemplateType_SDK=111&CreatedBy=x&Other=1&FileName=a', template.fields ?? []),
    ).toEqual({ ExtTemplateType_SDK: '111' });
  });

  it('counts a file field without a file as missing', () => {
    const fields = template.fields ?? [];
    expect(missingRequired(fields, { FileName: [] }).FileName).toBe('required');
    expect(
      missingRequired(fields, { FileName: [{ ObjectID: 'f', FileName: 'a.pdf', FileURL: '/x', Size: 1 }] })
        .FileName,
    ).toBeUndefined();
  });
});
