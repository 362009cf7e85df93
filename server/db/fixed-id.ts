import { createHash } from 'node:crypto';

/**
 * A fixed id named by `text`, version-4 shaped as the portal's ids are: the same on every server and every
 * run, for rows that follow from others (a signed agreement's file) and the demo's rows.
 */
export function fixedIdOf(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
