import fc from 'fast-check';
import type { Command, Step } from './command';
import { goodsCommands } from './goods.commands';
import { moneyCommands } from './money.commands';
import { orderCommands } from './orders.commands';
import { planCommands } from './plans.commands';
import { pricingCommands } from './pricing.commands';

/** Every command of the month by name: orders, money, goods, prices, targets and reports. */
export const commands: Record<string, Command> = {
  ...orderCommands,
  ...moneyCommands,
  ...goodsCommands,
  ...pricingCommands,
  ...planCommands,
};

/**
 * One step: a command by its weight, acted by one of its actors — the first, who does it in the
 * ordinary course of business, half the time — on the `pick`-th record it may act on.
 */
export const stepArbitrary = (names: string[] = Object.keys(commands)): fc.Arbitrary<Step> =>
  fc.oneof(
    ...names.map((name) => {
      const { weight, actors } = commands[name];
      return {
        weight,
        arbitrary: fc.record({
          do: fc.constant(name),
          as: fc.oneof(
            { weight: actors.length, arbitrary: fc.constant(actors[0]) },
            fc.constantFrom(...actors),
          ),
          // Not shrunk: a shorter sequence is what a reader needs, and each try costs a fresh portal.
          pick: fc.noShrink(fc.nat({ max: 20 })),
          n: fc.noShrink(fc.nat({ max: 1000 })),
        }),
      };
    }),
  );

/** A month: a sequence of steps, shrunk by fast-check to the fewest that still fail. */
export const monthArbitrary = (length: { min: number; max: number }, names?: string[]) =>
  fc.array(stepArbitrary(names), { minLength: length.min, maxLength: length.max, size: 'max' });
