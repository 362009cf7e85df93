import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { ReportType } from '../../domain/codes/reports.codes';
import {
  mayImportLines,
  OWED_REPORTS,
  owedReportPages,
  owedReportPairs,
  owedReportTypes,
} from '../../domain/reporting';
import { AGENT_MENUS } from '../../server/reference/agent-menus.data';

/** The report type a page imports lines of, if any. */
const importedType = (pageId: string) => pageById(pageId)?.import?.reportType;

describe('the reports each agent type owes, declared once', () => {
  for (const [role, owed] of Object.entries(OWED_REPORTS)) {
    const menu = new Set(AGENT_MENUS[role]);

    it(`${role}: its menu holds every page its owed reports are filed on`, () => {
      for (const page of owedReportPages(role)) {
        expect(pageById(page), page).toBeDefined();
        expect(menu.has(page), page).toBe(true);
      }
    });

    it(`${role}: each owed type has a list in its menu that imports it, and may import it`, () => {
      for (const type of owedReportTypes(role)) {
        const lists = (owed.pages[type] ?? []).filter((page) => importedType(page) === type);
        expect(lists.length, `report type ${type}`).toBeGreaterThan(0);
        expect(mayImportLines(type, role)).toBe(true);
      }
    });

    it(`${role}: no page of its menu imports a type it does not owe, nor may it import one`, () => {
      for (const page of menu) {
        const type = importedType(page);
        if (type) expect(owedReportTypes(role), `${page} imports ${type}`).toContain(type);
      }
      for (const type of Object.values(ReportType).filter((t) => !owedReportTypes(role).includes(t)))
        expect(mayImportLines(type, role), `report type ${type}`).toBe(false);
    });

    it(`${role}: the deadline job opens for its customer type exactly the types it owes`, () => {
      const opened = owedReportPairs()
        .filter((p) => p.customerType === owed.customerType)
        .map((p) => p.reportType);
      expect(opened.sort()).toEqual(owedReportTypes(role).sort());
    });
  }

  it('the deadline job reads the declaration, not a list of its own', () => {
    const job = readFileSync('server/reports/report-deadlines.job.ts', 'utf8');
    expect(job).toContain('owedReportPairs()');
    expect(job).not.toMatch(/CustomerType\.(generalDistributor|rsp|ccp)/);
  });
});
