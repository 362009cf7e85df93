/**
 * The demo seed's randomness: the same seed gives the same data every time (DOMAIN.md "Demo data"), so
 * tests and screenshots are stable. Names are invented from parts; no real company is meant.
 */

import { addDays } from '../../domain/calendar-days';
import { SeededRandom } from '../../domain/random';
import { weightedWords, words } from './story-data';

/** The demo's "today": dates are spread backwards from here, fixed so every seed is the same. */
export const DEMO_TODAY = '2026-11-15';
const DAY_MS = 86_400_000;

/** The generic draws plus the demo's own: days around its today, office hours, people and companies. */
export class Random extends SeededRandom {
  /** A day 'YYYY-MM-DD' between `daysBack` and `daysBackTo` days before DEMO_TODAY. */
  dayBefore(daysBack: number, daysBackTo = 0): string {
    return addDays(DEMO_TODAY, -this.int(Math.min(daysBack, daysBackTo), Math.max(daysBack, daysBackTo)));
  }

  /** A day between two days, both included. */
  dayBetween(from: string, to: string): string {
    const span = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
    return addDays(from, this.int(0, Math.max(0, span)));
  }

  /** An office-hours instant on `day`, Beijing time, as an ISO string. */
  timeOn(day: string): string {
    const [minutes, seconds] = [this.int(8 * 60 + 30, 18 * 60 + 30), this.int(0, 59)];
    return new Date(Date.parse(`${day}T00:00+08:00`) + (minutes * 60 + seconds) * 1000).toISOString();
  }

  personName(): string {
    return this.nameFrom(SURNAMES, words('given'));
  }

  mobile(): string {
    return this.pick(words('mobilePrefixes')) + this.digits(8);
  }

  /** An invented company name: place + brand + industry, e.g. 苏州宏图信息技术有限公司. */
  companyName(place: string): string {
    const parts = ['brandFirst', 'brandSecond', 'industries'].map((pool) => this.pick(words(pool)));
    return `${place}${parts.join('')}有限公司`;
  }
}

/** The day, or the demo's today when it would fall after it (ISO days compare as text). */
export const notAfterToday = (day: string) => (day.localeCompare(DEMO_TODAY) > 0 ? DEMO_TODAY : day);

/** The seed's stories count days as the portal does. */
export { addDays };

/** A number of a date or time, two digits. */
export const two = (n: number) => String(n).padStart(2, '0');

export const compactDay = (day: string) => day.replaceAll('-', '');

/** Surnames weighted by how common they are (stories/words.tsv), read once. */
const SURNAMES = weightedWords('surnames');
