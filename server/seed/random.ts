/**
 * The demo seed's randomness (mulberry32): the same seed gives the same data every time (DOMAIN.md "Demo
 * data"), so tests and screenshots are stable. Names are invented from parts; no real company is meant.
 */

import { weightedWords, words } from './story-data';

/** The demo's "today": dates are spread backwards from here, fixed so every seed is the same. */
export const DEMO_TODAY = '2026-11-15';
const DAY_MS = 86_400_000;

export class Random {
  #state: number;
  constructor(readonly seed: number) {
    this.#state = seed >>> 0;
  }

  /** A separate stream named by `label`: adding draws to one part of the seed leaves the others as they were. */
  fork(label: string): Random {
    const text = `${this.seed}:${label}`;
    let hash = 0x811c9dc5; // FNV-1a
    for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    return new Random(hash >>> 0);
  }

  /** mulberry32: uniform in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (!items.length) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** One of the values, each as likely as its weight. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices[choices.length - 1][0];
  }

  /** `count` different items, in draw order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length) out.push(pool.splice(this.int(0, pool.length - 1), 1)[0]);
    return out;
  }

  digits(length: number): string {
    return Array.from({ length }, () => this.int(0, 9)).join('');
  }

  /** A version-4-shaped UUID from this stream (deterministic, unlike gen_random_uuid()). */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => this.int(0, 15).toString(16));
    hex[12] = '4';
    hex[16] = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
    const h = hex.join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }

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
    const [surname, given] = [this.weighted(SURNAMES), words('given')];
    return surname + (this.chance(0.7) ? this.pick(given) + this.pick(given) : this.pick(given));
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

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A number of a date or time, two digits. */
export const two = (n: number) => String(n).padStart(2, '0');

export const compactDay = (day: string) => day.replaceAll('-', '');

/** Surnames weighted by how common they are (stories/words.tsv), read once. */
const SURNAMES = weightedWords('surnames');
