import { sql } from 'kysely';
import { SYSTEM_ACTOR } from '../../machines/workflows/actor';
import type { AgentReportContext } from '../../machines/workflows/agent-report.workflow';
import { REVIEWER_ROLE } from '../../machines/workflows/agent-report.workflow';
import {
  LATE_REPORT_WINDOW_DAYS,
  type LateReportContext,
} from '../../machines/workflows/late-report.workflow';
import type { Db } from '../db/database';
import { fixedChain } from '../workflows/configured-chains';
import type { WorkflowHooks } from '../workflows/hooks';
import { refusalOf, reportStateOf, reportWriteVerdict } from './report-lock';
import { ensureReport, reportEvent, syncReport } from './report-states';

const DAY_MS = 86_400_000;

async function provinceOf(trx: Db, agentId: string) {
  const rows = await sql<{ province: string | null }>`select province_code as province from customer
    where object_id = ${agentId}`.execute(trx);
  return rows.rows[0]?.province ?? null;
}

/**
 * The server side of an agent's report: a submission is refused once the period is locked (unless a
 * late window is open), each decision is stamped with the server's time, and after every step the
 * report's lines show its new status.
 */
export const agentReportHooks: WorkflowHooks = {
  prepare: async (trx, call) => {
    const at = call.clock?.at ?? new Date();
    if (call.command === 'submit') {
      const c = call.state.snapshot.context as AgentReportContext;
      const key = { agentId: c.agent.id, period: c.period, reportType: c.reportType };
      const verdict = await reportWriteVerdict(trx, key, await provinceOf(trx, c.agent.id), at);
      if (!verdict.open) throw refusalOf(verdict, c.period);
      return { at: at.toISOString() };
    }
    if (call.command === 'approve' || call.command === 'return') return { at: at.toISOString() };
    return undefined;
  },
  after: async (trx, call) => syncReport(trx, call.state.subject[1]),
};

/**
 * The server side of a late-report request: approving it sets the window's end (seven days from the
 * decision) and, in the same transaction, opens the agent's report of that period and type until
 * then. A report submitted or approved since the request was asked is not reopened.
 */
export const lateReportHooks: WorkflowHooks = {
  chains: fixedChain([REVIEWER_ROLE]),
  prepare: async (trx, call) => {
    if (call.command !== 'agree') return undefined;
    const c = call.state.snapshot.context as LateReportContext;
    const key = { agentId: c.agent.id, period: c.period, reportType: c.reportType };
    const state = await reportStateOf(trx, key);
    if (state === 'submitted' || state === 'approved') throw refusalOf({ open: false, why: state }, c.period);
    const at = call.clock?.at ?? new Date();
    return { windowEnd: new Date(at.getTime() + LATE_REPORT_WINDOW_DAYS * DAY_MS).toISOString() };
  },
  after: async (trx, call) => {
    if (call.command !== 'agree') return;
    const c = call.next.context as LateReportContext;
    const key = { agentId: c.agent.id, period: c.period, reportType: c.reportType };
    const id = await ensureReport(trx, key, SYSTEM_ACTOR, call.clock);
    await reportEvent(trx, id, 'reopenLate', SYSTEM_ACTOR, { lateUntil: c.windowEnd }, call.clock);
    await syncReport(trx, id);
  },
};
