import type { AnyEventObject } from 'xstate';
import { LossReason } from '../../domain/codes/opportunities.codes';
import type { WorkflowDeclaration } from './declaration';

/**
 * Every command of a workflow sent by every actor of its example, with the payloads its schema asks
 * for — a reason, and a blank one the machine must refuse; each actor as the colleague named, with
 * the role the server's directory would add — for the generated model
 * tests and the testers' path plans.
 */
/**
 * The texts a sample payload types (a reason, a proposal's, an adjustment's): what the model tests and
 * a plan run send, and what a printed plan says in the reader's language (`workflows.paths.samples`).
 */
export const SAMPLE_TEXTS = {
  documentsIncomplete: 'documents incomplete',
  stockTooHigh: 'stock too high',
  lateOrders: 'late orders',
} as const;

export function commandEvents(declaration: WorkflowDeclaration): AnyEventObject[] {
  const { actors } = declaration.example;
  const payloadsOf = (asks: string | undefined): Record<string, unknown>[] => {
    if (asks === 'reason') return [{ reason: SAMPLE_TEXTS.documentsIncomplete }, { reason: ' ' }];
    if (asks === 'proposal')
      return [
        { reason: SAMPLE_TEXTS.stockTooHigh, amount: '900.00' },
        { reason: ' ', amount: '900.00' },
      ];
    if (asks === 'adjustment')
      return [
        { reason: SAMPLE_TEXTS.lateOrders, adjustAmount: '-120.50' },
        { reason: ' ', adjustAmount: '-120.50' },
      ];
    // A deal won for an amount; a deal lost for a reason of the loss-reason dictionary.
    if (asks === 'winning') return [{ amount: '180000.50' }];
    if (asks === 'loss')
      return [
        { reason: SAMPLE_TEXTS.documentsIncomplete, lossReason: LossReason.price },
        { reason: ' ', lossReason: LossReason.price },
      ];
    // The directory's fact the server adds to a forward: the role of the person named.
    if (asks === 'colleague') return actors.map((a) => ({ to: a.id, toName: a.name, toRole: a.role }));
    // A settlement names its lines, as the dialog sends them (a bare one would settle all that is out).
    if (asks === 'inspectedLines') return [{ lines: [{ lineNo: 1, quantity: 1, inspection: 'good' }] }];
    if (asks === 'lines') return [{ lines: [{ lineNo: 1, quantity: 1 }] }];
    // A check-in sends the position the browser reports: a point in Nanjing, 20 m accurate.
    if (asks === 'position') return [{ latitude: 32.04, longitude: 118.78, accuracy: 20 }];
    return [{}];
  };
  return Object.values(declaration.commands).flatMap((command) =>
    actors.flatMap((actor) =>
      payloadsOf(command.asks).map((payload) => ({ type: command.event, actor, ...payload })),
    ),
  );
}

/** What of a chain workflow's context decides what may happen next (keeps the explored graph finite). */
export const chainContextKey = (snapshot: { context: unknown }) => {
  const context = snapshot.context as { node?: number; forwardedTo?: string; decisions?: number };
  return [context.node, context.forwardedTo ?? null, (context.decisions ?? 0) > 0];
};
