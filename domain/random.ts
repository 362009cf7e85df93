import { makeCreditCode } from './credit-code';

/**
 * A seeded random stream (mulberry32): the same seed gives the same draws every time, so invented data
 * (the demo seed, the company registry) is the same on every install and in every test.
 */
export class SeededRandom {
  #state: number;
  constructor(readonly seed: number) {
    this.#state = seed >>> 0;
  }

  /** A separate stream named by `label`: adding draws to one part leaves the others as they were. */
  fork(label: string): this {
    const text = `${this.seed}:${label}`;
    let hash = 0x811c9dc5; // FNV-1a
    for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    return new (this.constructor as new (seed: number) => this)(hash >>> 0);
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

  /** A person's name from the pools: a surname as common as its weight, then one given-name character or two. */
  nameFrom(surnames: readonly (readonly [string, number])[], given: readonly string[]): string {
    const surname = this.weighted(surnames);
    return surname + (this.chance(0.7) ? this.pick(given) + this.pick(given) : this.pick(given));
  }
}

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** An invented but valid unified social credit code registered in the city (the check character computed). */
export function creditCodeIn(rng: SeededRandom, cityCode: string): string {
  let body = `91${cityCode}`;
  while (body.length < 17) body += ALPHABET[rng.int(0, body.length < 16 ? 9 : 30)];
  return makeCreditCode(body);
}
