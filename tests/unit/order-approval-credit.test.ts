import { describe, expect, it } from 'vitest';
import { CustomerType } from '../../domain/codes/customers.codes';
import { OrderType } from '../../domain/codes/orders.codes';
import { RspPaymentMethod } from '../../domain/codes/payments.codes';
import { type CreditFigures, creditProblem } from '../../server/orders/credit-check';
import { PAYMENT_TERMS, termsOf } from '../../server/orders/credit-terms';
import { type Band, bandFor, overlap } from '../../server/orders/order-approval-config';

/** The credit rules and amount bands of order approval, on figures in fen. */
const onCredit = (limitFen: number | null): CreditFigures['agent'] => ({
  id: 'a',
  name: 'Agent A',
  terms: PAYMENT_TERMS.net30,
  creditDays: 30,
  limitFen,
});
const prepay: CreditFigures['agent'] = { ...onCredit(null), terms: PAYMENT_TERMS.prepay, creditDays: 0 };
const figures = (over: Partial<CreditFigures>): CreditFigures => ({
  agent: onCredit(100_000_00),
  amountFen: 10_000_00,
  paidFen: 0,
  outstandingFen: 0,
  overdue: null,
  ...over,
});

describe('credit rules of an order', () => {
  it('lets an order in within the limit and refuses the fen past it, naming the figures', () => {
    expect(creditProblem('submit', figures({ outstandingFen: 90_000_00 }))).toBeNull();
    const over = creditProblem('submit', figures({ outstandingFen: 90_000_01 }));
    expect(over?.key).toBe('orderApproval.refusals.overLimit');
    expect(over?.params).toMatchObject({ limit: '100,000.00', outstanding: '90,000.01', excess: '0.01' });
  });

  it('counts only the unpaid part of the order against the limit', () => {
    expect(creditProblem('release', figures({ outstandingFen: 95_000_00, paidFen: 5_000_00 }))).toBeNull();
  });

  it('refuses credit while another order is overdue, and without a limit at all', () => {
    const overdue = { orderNo: 'DD202610010001', effectiveOn: '2026-10-01', unpaidFen: 1_00 };
    expect(creditProblem('submit', figures({ overdue }))?.params).toMatchObject({ days: 30, unpaid: '1.00' });
    expect(creditProblem('submit', figures({ agent: onCredit(null) }))?.key).toBe(
      'orderApproval.refusals.noCreditLimit',
    );
  });

  it('asks no credit of an order confirmed payment already covers, overdue or limitless as the agent may be', () => {
    const overdue = { orderNo: 'DD202610010001', effectiveOn: '2026-10-01', unpaidFen: 100 };
    expect(
      creditProblem('submit', figures({ overdue, agent: onCredit(null), paidFen: 10_000_00 })),
    ).toBeNull();
    expect(creditProblem('submit', figures({ overdue, agent: onCredit(null), paidFen: 9_999_99 }))?.key).toBe(
      'orderApproval.refusals.overdue',
    );
  });

  it('submits a prepay agent’s order but releases it only once confirmed payment covers it', () => {
    expect(creditProblem('submit', figures({ agent: prepay }))).toBeNull();
    expect(creditProblem('release', figures({ agent: prepay, paidFen: 9_999_99 }))?.params).toMatchObject({
      missing: '0.01',
    });
    expect(creditProblem('release', figures({ agent: prepay, paidFen: 10_000_00 }))).toBeNull();
  });

  it('gives an agent without terms those of its tier', () => {
    expect(termsOf(undefined, CustomerType.ccp)).toBe(PAYMENT_TERMS.prepay);
    expect(termsOf('', CustomerType.rsp)).toBe(PAYMENT_TERMS.net30);
    expect(termsOf(RspPaymentMethod.net60, CustomerType.ccp)).toBe(PAYMENT_TERMS.net60);
  });
});

describe('amount bands', () => {
  const band = (minFen: number, maxFen: number | null, roles = ['JS013']): Band => ({
    id: `${minFen}`,
    orderType: OrderType.standard,
    minFen,
    maxFen,
    roles,
  });
  const bands = [band(0, 500_000_00), band(500_000_00, 2_000_000_00), band(2_000_000_00, null)];

  it('puts a figure on a boundary in the lower band, one fen more in the next', () => {
    expect(bandFor(bands, OrderType.standard, 500_000_00)?.id).toBe('0');
    expect(bandFor(bands, OrderType.standard, 500_000_01)?.id).toBe('50000000');
    expect(bandFor(bands, OrderType.standard, 9_000_000_00)?.id).toBe('200000000');
    expect(bandFor(bands, OrderType.specialPrice, 1_00)).toBeUndefined();
  });

  it('sees bands that share an amount as overlapping, bands that meet as not', () => {
    expect(overlap(bands[0], bands[1])).toBe(false);
    expect(overlap(band(400_000_00, 600_000_00), bands[1])).toBe(true);
    expect(overlap(band(3_000_000_00, null), bands[2])).toBe(true);
  });
});
