import { fenToYuanString, yuanToFen } from '../../domain/money';
import { creditLimitChangeDeclaration } from '../../machines/workflows/credit-limit-change.workflow';
import { requestCreditLimit } from '../customers/credit-limit-requests';
import { limitsOf } from '../customers/credit-limits';
import type { Db } from '../db/database';
import { activeRsps, type DemoWorld } from './demo-world';
import { as, at, clockAt, commandsTo, play } from './kit';
import { stepsIn, storyTable } from './story-data';

/** An instant written `YYYY-MM-DDTHH:mm`, Beijing time. */
const instant = (text: string) => at(...(text.split('T') as [string, string]));

/** Credit-limit raises (stories/credit-limit-requests.tsv) away from Jiangsu, whose RSP others order for. */
export async function seedCreditLimitRequests(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('credit-limit-requests');
  const [desk, finance] = [await as(db, 'ops'), await as(db, 'finance')];
  for (const r of storyTable('credit-limit-requests')) {
    const agent = activeRsps(world).find((c) => c.province.code === r.province);
    if (!agent) throw new Error(`The demo has no active RSP in ${r.province}`);
    const now = (await limitsOf(db, agent.id)).CreditLimit ?? '0';
    const CreditLimit = fenToYuanString(yuanToFen(now) + Number(r.raise) * 100);
    const body = { agentId: agent.id, CreditLimit, RequestReason: r.reason };
    await requestCreditLimit(db, desk, body, clockAt(rng, instant(r.asked)));
    const send = commandsTo(db, creditLimitChangeDeclaration.name, agent.id, (on: Date) => clockAt(rng, on));
    await play(send, { finance }, stepsIn(r.decision, instant));
  }
}
