import { fenToYuanString, yuanToFen } from '../../domain/money';
import { creditLimitChangeDeclaration } from '../../machines/workflows/credit-limit-change.workflow';
import { requestCreditLimit } from '../customers/credit-limit-requests';
import { limitsOf } from '../customers/credit-limits';
import type { Db } from '../db/database';
import { activeRsps, type DemoCustomer, type DemoWorld } from './demo-world';
import { as, at, clockAt, commandsTo } from './kit';
import type { Random } from './random';
import { storyTable } from './story-data';

/** A province's active RSP: a company none of the demo accounts works for. */
function rspOf(world: DemoWorld, provinceCode: string): DemoCustomer {
  const rsp = activeRsps(world).find((c) => c.province.code === provinceCode);
  if (!rsp) throw new Error(`The demo has no active RSP in ${provinceCode}`);
  return rsp;
}

/** An own-line limit raised by `yuan` from what the agent's record holds. */
async function raisedBy(db: Db, agentId: string, yuan: number) {
  const now = (await limitsOf(db, agentId)).CreditLimit ?? '0';
  return fenToYuanString(yuanToFen(now) + yuan * 100);
}

/** An instant written `YYYY-MM-DD HH:mm`, Beijing time. */
const instant = (text: string) => at(...(text.split(' ') as [string, string]));

/**
 * The demo's requests (stories/credit-limit-requests.tsv): the province of the RSP, the own-line raise
 * asked, why, when asked and, if finance has decided, how and when (a rejection with its reason). The
 * agents are away from the demo accounts' Jiangsu, whose RSP other stories order for.
 */
const REQUESTS = storyTable('credit-limit-requests').map((r) => ({
  province: r.province,
  raiseYuan: Number(r.raise),
  reason: r.reason,
  asked: instant(r.asked),
  decided: r.decision
    ? {
        command: r.decision as 'agree' | 'reject',
        at: instant(r.decided),
        reason: r.decisionReason || undefined,
      }
    : undefined,
}));

/**
 * The credit-limit requests of the demo (docs/credit-limits.md), sent as people send them: the sales
 * operations desk asks for a Zhejiang RSP's higher limit, which waits in finance's to-do; a Guangdong
 * RSP's request was agreed by finance the next day, so its record holds the limit the request asked for
 * and its credit panel shows the history.
 */
export async function seedCreditLimitRequests(db: Db, world: DemoWorld) {
  const rng: Random = world.rng.fork('credit-limit-requests');
  const [desk, finance] = [await as(db, 'ops'), await as(db, 'finance')];
  for (const request of REQUESTS) {
    const agent = rspOf(world, request.province);
    const CreditLimit = await raisedBy(db, agent.id, request.raiseYuan);
    const body = { agentId: agent.id, CreditLimit, RequestReason: request.reason };
    await requestCreditLimit(db, desk, body, clockAt(rng, request.asked));
    if (!request.decided) continue;
    const { command, at: when, reason } = request.decided;
    const decideOn = commandsTo(db, creditLimitChangeDeclaration.name, agent.id, (on: Date) =>
      clockAt(rng, on),
    );
    await decideOn(finance, command, when, reason ? { reason } : {});
  }
}
