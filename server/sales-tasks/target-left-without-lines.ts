import { TaskPackageStatus } from '../../domain/codes/sales-tasks.codes';
import { SYSTEM_ACTOR } from '../../machines/workflows/actor';
import { workflowDeclaration } from '../../machines/workflows/registry';
import type { Db } from '../db/database';
import type { Clock } from '../workflows/clock';
import { subjectStreamId } from '../workflows/decisions';
import { dispatch, loadStream } from '../workflows/engine';
import { afterPackageMove } from './sales-task.hooks';
import { rspLinesOf, type TargetKey, targetOfLine } from './task-package';

/**
 * A target out with the RSPs whose last RSP line left it — moved to another target or deleted — goes
 * back to allocation, as the province office's `reopen` takes it, signed by the portal. A package with
 * no line is never sent (`requestConfirmation` refuses it); out with none it would wait for nobody and
 * could never be submitted (no line carries its load bearing), so it would stay 待代理商确认 for good.
 * Back in allocation the office allocates it again and sends it once more, as after any reopening.
 */
export async function reopenTargetLeftWithoutLines(trx: Db, key: TargetKey, clock?: Clock) {
  // Read after the target's load bearing was written in this transaction, which holds its row: of two
  // lines taken off it at once, the later sees the earlier gone.
  const target = await targetOfLine(trx, key);
  if (target?.packageStatus !== TaskPackageStatus.awaitingAgents) return;
  if ((await rspLinesOf(trx, key)).length) return;
  const streamId = subjectStreamId(workflowDeclaration('salesTask'), target.id);
  const state = await loadStream(trx, streamId);
  const subject = { ...key, ObjectID: target.id };
  await dispatch(
    trx,
    { streamId, event: { type: 'package.reopen' }, actor: SYSTEM_ACTOR, at: clock?.at },
    (inner, _state, next) => afterPackageMove(inner, { actor: SYSTEM_ACTOR, state, subject, clock, next }),
  );
}
