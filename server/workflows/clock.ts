/**
 * When a command happens and the ids it mints. A person's command runs on the real clock with random
 * ids; the demo seed enters its history through the same commands on its own clock, with ids drawn
 * from its seeded generator, so two seeds give the same data.
 */
export interface Clock {
  at: Date;
  uuid: () => string;
}
