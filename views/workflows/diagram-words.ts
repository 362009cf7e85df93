import { workflowDescriptions as enDescriptions } from '../../locales/en/workflow-descriptions';
import { workflowLabels as enLabels } from '../../locales/en/workflow-labels';
import { workflowDescriptions as zhDescriptions } from '../../locales/zh/workflow-descriptions';
import { workflowLabels as zhLabels } from '../../locales/zh/workflow-labels';
import { registryEntry } from '../../machines/registry';
import type { DiagramWords } from '../../machines/viewer/diagram-words';
import { guardInWords } from '../../machines/workflows/guard-expr';
import { findWorkflow } from '../../machines/workflows/registry';
import type { Translate } from '../app-context';
import { eventWords, stateWords } from './history-words';
import { guardVocabulary } from './use-guard-words';

export type ChartLang = 'zh' | 'en';

// The chart's own words ride in the viewer's chunk only, not in every page's messages; their keys
// are event types and state paths, dots included, so they are read here rather than through t().
const LABELS = { zh: zhLabels, en: enLabels };
const DESCRIPTIONS = { zh: zhDescriptions, en: enDescriptions };

/** What a chart had no words for: a kind and the code's name (the unit test lists them all). */
export type MissingWords = (what: string) => void;

/** `loadingRoles` → "loading roles": words, never the id, where the locales have none yet. */
export const asWords = (id: string) =>
  id
    .replace(/^.*[.:]/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/**
 * The chart in the reader's language (machines/viewer/diagram-words.ts): a business workflow's
 * states and commands as its decision panel and history say them, every other machine's from the
 * viewer's tables (locales/<lang>/workflow-labels.ts), guards in their short phrases, and the
 * business rules from locales/<lang>/workflow-descriptions.ts.
 */
export function chartWords(t: Translate, lang: ChartLang, missing: MissingWords = () => {}): DiagramWords {
  const labels = LABELS[lang];
  const descriptions = DESCRIPTIONS[lang] as Record<string, Record<string, string> | undefined>;
  const vocabulary = guardVocabulary(t);
  const found = (what: string, id: string, words: string | undefined) => {
    if (words) return words;
    missing(`${what} ${id}`);
    return asWords(id);
  };
  const fromTable = (table: Record<string, Record<string, string>>, machineId: string, key: string) =>
    table[machineId]?.[key];
  return {
    lang,
    machine: (machineId) => {
      const entry = registryEntry(machineId);
      const key = entry?.titleKey ?? `workflows.machines.${machineId}`;
      const title = t(key);
      return found('machine', machineId, title === key ? undefined : title);
    },
    state: (machineId, path) => {
      const key = path.at(-1) ?? machineId;
      // A business workflow's states read as its decision panel and history say them.
      const workflow = findWorkflow(machineId) ? stateWords(t, machineId, key) : key;
      if (workflow !== key) return workflow;
      const own = fromTable(labels.statesOf, machineId, path.join('.')) ?? labels.states[key];
      return found('state', `${machineId}.${path.join('.')}`, own);
    },
    event: (machineId, type) => {
      const workflow = findWorkflow(machineId) ? eventWords(t, machineId, type) : type;
      if (workflow !== type) return workflow;
      const own = fromTable(labels.eventsOf, machineId, type) ?? labels.events[type];
      return found('event', `${machineId}:${type}`, own);
    },
    service: (machineId, src) =>
      found(
        'service',
        `${machineId}:${src}`,
        fromTable(labels.servicesOf, machineId, src) ?? labels.services[src],
      ),
    outcome: (kind, service) => fill(labels.templates[kind], { service }),
    delay: (delay) =>
      /^\d+$/.test(delay)
        ? fill(labels.templates.afterSeconds, { seconds: String(Number(delay) / 1000) })
        : found('delay', delay, labels.delays[delay]),
    stateDone: (state) => fill(labels.templates.stateDone, { state }),
    always: labels.templates.always,
    tag: (tag) => found('tag', tag, labels.tags[tag]),
    guard: (expr) => fill(labels.templates.guard, { guard: guardInWords(expr, vocabulary) }),
    description: (machineId, key, own) => {
      const text = descriptions[machineId]?.[key];
      if (text) return text;
      // The machine's own English is better than no rule at all; the unit test reports the gap.
      missing(`description ${machineId} ${key}`);
      return own;
    },
  };
}
