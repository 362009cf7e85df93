/**
 * The demo seed's randomness: a small seeded generator (mulberry32) and the helpers the demo data is
 * drawn with. The same seed gives the same data every time (DOMAIN.md "Demo data"), so tests and
 * screenshots are stable. Names are invented from parts; no real company is meant.
 */

/** The demo's "today": dates are spread backwards from here, fixed so every seed is the same. */
export const DEMO_TODAY = '2026-11-15';
const DAY_MS = 86_400_000;

/** A 32-bit string hash (FNV-1a), for deriving independent streams from one seed. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Random {
  #state: number;
  constructor(readonly seed: number) {
    this.#state = seed >>> 0;
  }

  /** A separate stream named by `label`: adding draws to one part of the seed leaves the others as they were. */
  fork(label: string): Random {
    return new Random(hash32(`${this.seed}:${label}`));
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
    let text = '';
    for (let i = 0; i < length; i += 1) text += String(this.int(0, 9));
    return text;
  }

  /** A version-4-shaped UUID from this stream (deterministic, unlike gen_random_uuid()). */
  uuid(): string {
    const hex: string[] = [];
    for (let i = 0; i < 32; i += 1) hex.push(this.int(0, 15).toString(16));
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
    const minutes = this.int(8 * 60 + 30, 18 * 60 + 30);
    const seconds = this.int(0, 59);
    const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
    const mm = String(minutes % 60).padStart(2, '0');
    return new Date(`${day}T${hh}:${mm}:${String(seconds).padStart(2, '0')}+08:00`).toISOString();
  }

  personName(): string {
    const surname = this.weighted(SURNAMES);
    const given = this.chance(0.7) ? this.pick(GIVEN) + this.pick(GIVEN) : this.pick(GIVEN);
    return surname + given;
  }

  mobile(): string {
    return this.pick(MOBILE_PREFIXES) + this.digits(8);
  }

  /** An invented company name: place + brand + industry, e.g. 苏州宏图信息技术有限公司. */
  companyName(place: string): string {
    return `${place}${this.pick(BRAND_FIRST)}${this.pick(BRAND_SECOND)}${this.pick(INDUSTRIES)}有限公司`;
  }
}

/** The day, or the demo's today when it would fall after it (ISO days compare as text). */
export const notAfterToday = (day: string) => (day.localeCompare(DEMO_TODAY) > 0 ? DEMO_TODAY : day);

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export const compactDay = (day: string) => day.replaceAll('-', '');

/** Common surnames, weighted roughly by frequency (the order of the draw). */
const SURNAMES: [string, number][] = (
  [
    [7, '王 李 张'],
    [5, '刘 陈'],
    [3, '杨'],
    [2, '黄 赵 吴 周 徐 孙 马 朱'],
    [1, '胡 郭 何 高 林 罗 郑 梁 谢 宋 唐 许 韩 冯 邓 曹 彭 曾 沈 蒋'],
    [0.3, '欧阳'],
    [0.1, '司马'],
  ] as const
).flatMap(([weight, names]) => names.split(' ').map((name): [string, number] => [name, weight]));
const GIVEN = [
  ...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍鹏辉玲建国志红波宁斌浩凯晨宇轩博文思雨欣怡佳琪晓东海峰俊杰子涵梓萱'.split(
    '',
  ),
];
const MOBILE_PREFIXES = '130 133 135 137 138 139 150 151 158 159 177 186 189'.split(' ');
const BRAND_FIRST = [...'宏锐华恒卓嘉瑞鼎博盛启融睿弘泰通远汇天中新创科联铭智云'.split('')];
const BRAND_SECOND = [...'图达拓信泰科源辰晟宇诚顺驰联川和越阳凌达航峰尚景'.split('')];
const INDUSTRIES =
  '信息技术 网络科技 系统集成 数码科技 计算机 电子科技 智能科技 软件 信息工程 数据科技 科技发展 计算机系统'.split(
    ' ',
  );
