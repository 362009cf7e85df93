import { describe, expect, it } from 'vitest';
import { translate } from '../../server/http/i18n';
import { doneText } from '../../views/kit/decision-labels';

/** The toast after a decision names what was done: an approval's opinion, or the action itself. */
describe('the words after a decision', () => {
  const zh = (key: string, params?: Record<string, unknown>) => translate('zh', key, params);
  const en = (key: string, params?: Record<string, unknown>) => translate('en', key, params);

  it("names a loan's actions by their names, not as an approval opinion", () => {
    expect(doneText(zh, 'loanOrder', 'ship')).toBe('已完成：出库发货');
    expect(doneText(zh, 'loanOrder', 'verify')).toBe('已完成：核销');
    expect(doneText(en, 'loanOrder', 'returnGoods')).toMatch(/^Done: /);
  });

  it('says which decision was made and where the record stands now, and a command’s own words', () => {
    expect(doneText(zh, 'specialPrice', 'agree', 'approved')).toMatch(/^已完成「.+」，当前状态：.+$/);
    expect(doneText(zh, 'opportunityRegistration', 'win', 'won')).toBe('已完成「赢单」，当前状态：已成交');
    expect(doneText(zh, 'orderApproval', 'return', 'returned')).toContain('已退回');
    expect(doneText(en, 'opportunityRegistration', 'close', 'closed')).toBe('Done: Lost — now Closed');
    expect(doneText(zh, 'orderApproval', 'withdraw', 'withdrawn')).toBe('申请已撤回');
    expect(doneText(zh, 'orderApproval')).toBe('审批意见已提交');
  });

  it('names the colleague a forwarded step now waits for', () => {
    expect(doneText(zh, 'specialPrice', 'forward', 'inApproval', '顾清和')).toBe('已转交给顾清和');
    expect(doneText(en, 'registration', 'forward', 'channelReview', 'Gu Qinghe')).toBe(
      'Forwarded to Gu Qinghe',
    );
    expect(doneText(zh, 'specialPrice', 'forward')).toBe('已转交');
  });
});
