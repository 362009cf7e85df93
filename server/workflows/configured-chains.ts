import { sql } from 'kysely';
import type { ChainStep } from '../../machines/workflows/approval.states';
import type { Db } from '../db/database';
import { dictionaryTexts } from '../export/cell-text';
import { type Lang, translate } from '../http/i18n';
import { hooksOf } from './hooks';

/**
 * One chain a workflow's configuration holds now, and when it applies: a locale key under
 * `workflows.chains.when` with its parameters, a parameter named in `dicts` being a code of that
 * dictionary (an order type, a channel) to put into words.
 */
export interface ConfiguredChain {
  when: { key: string; params?: Record<string, string | null>; dicts?: Record<string, string> };
  steps: ChainStep[];
}

/** A workflow whose chain is fixed in the portal's rules rather than configured: one, always. */
export const fixedChain = (roles: readonly string[]) => async (): Promise<ConfiguredChain[]> => [
  { when: { key: 'always' }, steps: [...roles] },
];

/** At most this many people of a step's role are named; the rest are counted. */
const NAMED_PEOPLE = 5;

export interface ChainStepWords {
  Role: string;
  /** The one person the configuration names for the step, or null when anyone of the role decides. */
  Person: string | null;
  /** The enabled employees of the role who would decide it (the first few), and how many more. */
  People: string[];
  More: number;
}

export interface ChainWords {
  When: string;
  Steps: ChainStepWords[];
}

/**
 * The approval chains a workflow's configuration holds now, in the reader's words: when each applies,
 * each step's role, and who holds it — what the chart's "current approver" means on this portal today.
 * A workflow without a `chains` hook has no configured chain (null).
 */
export async function configuredChains(db: Db, workflow: string, lang: Lang): Promise<ChainWords[] | null> {
  const chains = await hooksOf(workflow)?.chains?.(db);
  if (!chains) return null;
  const dictCodes = [...new Set(['RoleCode', ...chains.flatMap((c) => Object.values(c.when.dicts ?? {}))])];
  const texts = await dictionaryTexts(db, dictCodes, lang);
  const word = (dict: string, code: string) => texts.get(dict)?.get(code) ?? code;
  const roles = [...new Set(chains.flatMap((c) => c.steps.map((s) => (typeof s === 'string' ? s : s.role))))];
  const people = await peopleOf(db, roles);
  return chains.map((chain) => {
    const params = Object.fromEntries(
      Object.entries(chain.when.params ?? {}).map(([name, value]) => {
        const dict = chain.when.dicts?.[name];
        if (value === null || value === '') return [name, translate(lang, 'workflows.chains.any')];
        return [name, dict ? word(dict, value) : value];
      }),
    );
    return {
      When: translate(lang, `workflows.chains.when.${chain.when.key}`, params),
      Steps: chain.steps.map((step) => {
        const role = typeof step === 'string' ? step : step.role;
        const holders = people.get(role) ?? [];
        return {
          Role: word('RoleCode', role),
          Person: typeof step === 'string' ? null : (step.approverName ?? null),
          People: holders.slice(0, NAMED_PEOPLE),
          More: Math.max(0, holders.length - NAMED_PEOPLE),
        };
      }),
    };
  });
}

/** The enabled employees of each role, as their colleagues know them: name (login). */
async function peopleOf(db: Db, roles: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (!roles.length) return found;
  const rows = await sql<{ role: string; person: string }>`select role_code as role,
      last_name || '(' || username || ')' as person
    from employee where enabled and role_code in (${sql.join(roles)})
    order by role_code, last_name, username`.execute(db);
  for (const row of rows.rows) found.set(row.role, [...(found.get(row.role) ?? []), row.person]);
  return found;
}
