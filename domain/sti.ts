/**
 * The figures of an STI's calculation, as the server writes them into the event that carries them
 * (server/sales-tasks/sti-calculation.ts), so an STI's amounts replay with its history, and as the
 * RSP line's page shows them per quarter. Money is yuan text with two decimals; the attainment is
 * percent text.
 */
export interface StiFigures {
  TaskAmount: string;
  AchievedAmount: string;
  AchievementRate: string;
  StiLevel: string;
  StiBase: string;
  StiAmount: string;
}
