import { describe, expect, it } from 'vitest';
import { ReportType } from '../../domain/codes/reports.codes';
import { useReportStates } from './report-states.kit';

const { call } = useReportStates();

const entered = (province: string) =>
  call(
    '/reportControlDate/create',
    {
      PageID: 'report.salesReportControlDateEdit',
      Period: '2038-01',
      ReportType: ReportType.sales,
      ProvinceName: province,
      ControlDate: '2038-02-05T00:00:00+08:00',
    },
    'admin',
  );

const datesOf = async () =>
  (await call('/reportControlDate/search', { Period: '2038-01', pageSize: 100 }, 'admin')).body.results as {
    ProvinceName: string | null;
  }[];

describe('a control date naming a province', () => {
  it('is refused for a province the portal does not know, which it would never lock', async () => {
    for (const province of ['江苏', 'Narnia']) {
      const answer = await entered(province);
      expect([answer.status, answer.body.field]).toEqual([400, 'ProvinceName']);
      expect(answer.body.message).toContain('不是已知的省份');
    }
    expect(await datesOf()).toEqual([]);
  });

  it('is kept for a province by its name, and for every province when it names none', async () => {
    expect((await entered('江苏省')).status).toBe(200);
    expect((await entered('')).status).toBe(200);
    expect((await datesOf()).map((d) => d.ProvinceName ?? '').sort()).toEqual(['', '江苏省']);
  });
});
