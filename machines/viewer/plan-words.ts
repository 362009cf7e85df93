import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import { pages } from '../../catalogue/catalogue';
import { workflowLabels as enLabels } from '../../locales/en/workflow-labels';
import { workflowLabels as zhLabels } from '../../locales/zh/workflow-labels';
import type { WorkflowActor } from '../workflows/actor';
import { AWAITING_DECISION, commandOfEvent, type WorkflowDeclaration } from '../workflows/declaration';
import { SAMPLE_TEXTS } from '../workflows/declaration-events';
import { findWorkflow } from '../workflows/registry';
import { transitionId, transitionsOf } from './diagram-graph';
import type { PlanPath, PlanStep } from './test-paths';

/** A translation: the locale's text for a key, the key itself where it has none (rosetta, useT). */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A demo account as the seed lists it (server/seed/employees.seed.ts), handed in by the caller. */
export interface DemoLogin {
  username: string;
  roleCode: string;
  lastName: string;
  /** The account that must still change its password is no one to test with. */
  firstTime?: boolean;
}

/** One step of a test path as a tester reads it. */
export interface StepWords {
  n: number;
  /** Who acts: a role, the applicant, the system, the page's user. */
  who: string;
  /** The demo account to act as ('' where no login applies: a page machine, no logins given). */
  login: string;
  /** What they do: the command as the decision panel names it, a service's answer, a timer. */
  what: string;
  /** What they fill in: a reason, an amount, the colleague ('' where nothing). */
  input: string;
  /** The status expected after the step, as the decision panel and process history say it. */
  status: string;
}

export interface PathWords {
  n: number;
  /** The status the path ends in. */
  goal: string;
  steps: StepWords[];
}

type Ctx = Record<string, unknown>;

/**
 * The viewer's words for machines that are not business workflows (locales/<lang>/workflow-labels.ts),
 * read as the charts read them (views/workflows/diagram-words.ts): their keys hold dots, so not via t().
 */
const LABELS = { zh: zhLabels, en: enLabels };

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** An id as words: `fetchUserInfo` → "fetch user info", `menu.close.tab` → "menu close tab". */
export function readableId(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[._\-\s]+/)
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

const plainObject = (value: unknown): value is Ctx =>
  Boolean(value) && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

const pageTitles = new Map(pages.map((p) => [p.id, p.titleKey]));

const sampleKeys = new Map(Object.entries(SAMPLE_TEXTS).map(([key, text]) => [text as string, key]));

/** A sample text a plan types (a reason), in the reader's language; undefined for any other value. */
const sampleWords = (value: unknown, t: Translate) => {
  const key = typeof value === 'string' ? sampleKeys.get(value) : undefined;
  return key ? t(`workflows.paths.samples.${key}`) : undefined;
};

/**
 * A payload value in a few words: primitives as they are (a page id by its page's title), a plain
 * object by its primitive fields; nothing for an empty one.
 */
function valueWords(value: unknown, t: Translate, depth = 0): string | undefined {
  if (value === undefined || value === null || value === '' || typeof value === 'function') return undefined;
  if (value instanceof Error) return value.message;
  if (Array.isArray(value)) return String(value.length);
  if (plainObject(value)) {
    if (depth > 0) return undefined;
    const parts = Object.entries(value).flatMap(([k, v]) => {
      const words = valueWords(v, t, depth + 1);
      return words === undefined ? [] : [`${readableId(k)} ${words}`];
    });
    return parts.length ? parts.join(', ') : undefined;
  }
  if (typeof value === 'object') return undefined;
  const page = typeof value === 'string' ? pageTitles.get(value) : undefined;
  const text = page ? t(page) : String(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/**
 * The words of one machine's test paths. A declared business workflow reads as its decision panel
 * and process history read it (views/kit/decision-labels.ts, views/workflows/history-words.ts look the
 * same keys up in the same order); any other machine by the readable ids of its states and events.
 */
export function planWords(
  machine: AnyStateMachine,
  t: Translate,
  {
    lang,
    logins,
    personWords,
  }: {
    lang: 'zh' | 'en';
    logins?: readonly DemoLogin[];
    /** Without logins, how a person of the example is named (the simulator's "finance 2"). */
    personWords?: (person: { id?: string; role: string }) => string | undefined;
  },
) {
  const declaration: WorkflowDeclaration | undefined = findWorkflow(machine.id);
  const wf = machine.id;
  const labels = LABELS[lang];
  const own = (table: Record<string, Record<string, string>>, key: string) => table[wf]?.[key];
  const first = (keys: string[]) => {
    for (const key of keys) {
      const text = t(key);
      if (typeof text === 'string' && text !== key) return text;
    }
    return undefined;
  };
  const nodes: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    nodes.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);

  const role = (code: string) => first([`workflows.roles.${code}`, `decision.roles.${code}`]) ?? code;
  const system = t('workflows.roles.system');

  /** A page machine's state by its path, each level as the chart names it: "signed in › active". */
  const pathWords = (path: string[]) =>
    path
      .map(
        (key, i) =>
          own(labels.statesOf, path.slice(0, i + 1).join('.')) ?? labels.states[key] ?? readableId(key),
      )
      .join(' › ');

  /** A workflow's state by its top-level key, as the decision panel and process history name it. */
  const workflowState = (key: string) =>
    first([`decision.statesOf.${wf}.${key}`, `server.workflow.states.${key}`, `decision.states.${key}`]) ??
    readableId(key);

  const title =
    first([...(declaration?.titleKey ? [declaration.titleKey] : []), `workflows.machines.${machine.id}`]) ??
    readableId(machine.id);

  /** A state node in words; the root (a transition of the whole machine) by the machine's name. */
  const nodeWords = (node: AnyStateNode) => {
    if (!node.parent) return title;
    return declaration ? workflowState(node.path[0]) : pathWords(node.path);
  };

  /** The chain step a workflow waits at, where it walks a chain (the decision panel's "step"). */
  const stepWords = (snapshot: AnyMachineSnapshot) => {
    const context = snapshot.context as Ctx;
    if (typeof context?.node !== 'number' || !Array.isArray(context.chain)) return undefined;
    if (!snapshot.hasTag(AWAITING_DECISION)) return undefined;
    return first([`decision.stepsOf.${wf}.${context.node}`]) ?? t('decision.step', { n: context.node + 1 });
  };

  /** Whose decision a workflow waits for, as the decision panel's "current role" says it. */
  const deciderWords = (snapshot: AnyMachineSnapshot) => {
    if (!declaration || !snapshot.hasTag(AWAITING_DECISION)) return undefined;
    try {
      const decider = declaration.decider(snapshot);
      return decider ? role(decider.role) : undefined;
    } catch {
      return undefined;
    }
  };

  const statusOf = (snapshot: AnyMachineSnapshot) => {
    const value = snapshot.value as unknown;
    if (declaration) {
      const top = typeof value === 'string' ? value : Object.keys(value as Ctx)[0];
      const step = stepWords(snapshot);
      const status = step ? `${workflowState(top)} · ${step}` : workflowState(top);
      const decider = deciderWords(snapshot);
      return decider ? t('workflows.paths.awaiting', { status, role: decider }) : status;
    }
    const leaves = nodes.filter(
      (n) => (n.type === 'atomic' || n.type === 'final') && n.parent && snapshot.matches(n.path.join('.')),
    );
    return leaves.map((n) => pathWords(n.path)).join(' + ') || title;
  };

  const serviceWords = (actorId: string) => {
    const owner = nodes.find((n) => n.invoke.some((i) => i.id === actorId));
    const invoke = owner?.invoke.find((i) => i.id === actorId);
    const src = invoke && typeof invoke.src === 'string' ? invoke.src : undefined;
    if (src) return own(labels.servicesOf, src) ?? labels.services[src] ?? readableId(src);
    return owner?.parent ? pathWords(owner.path) : readableId(actorId);
  };

  const delayWords = (delay: string) => {
    const named = (machine.implementations.delays as Record<string, unknown>)[delay];
    const ms = /^\d+$/.test(delay) ? Number(delay) : typeof named === 'number' ? named : undefined;
    if (ms === undefined) return labels.delays[delay] ?? readableId(delay);
    return fill(labels.templates.afterSeconds, { seconds: String(ms / 1000) });
  };

  /** An event type in words: the command a person gives, a service's answer, a timer. */
  const eventWords = (type: string) => {
    const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
    if (actor) {
      const template = actor[1] === 'done' ? labels.templates.done : labels.templates.error;
      return fill(template, { service: serviceWords(actor[2]) });
    }
    const after = /^xstate\.after\.([^.]+)\./.exec(type);
    if (after) return delayWords(after[1]);
    const doneState = /^xstate\.done\.state\.(.+)$/.exec(type);
    if (doneState) {
      const node = nodes.find((n) => n.id === doneState[1]);
      return fill(labels.templates.stateDone, { state: node ? nodeWords(node) : readableId(doneState[1]) });
    }
    const command = declaration && commandOfEvent(declaration, type);
    if (!declaration) return own(labels.eventsOf, type) ?? labels.events[type] ?? readableId(type);
    if (!command) return readableId(type);
    return (
      first([
        `decision.commandsOf.${wf}.${command}`,
        `workflows.eventsOf.${wf}.${command}`,
        `decision.commands.${command}`,
      ]) ?? readableId(command)
    );
  };

  const personal = (type: string) => !type.startsWith('xstate.');

  /** The demo account of a role: the first that need not change its password first. */
  const demoOf = (code: string) => logins?.find((l) => l.roleCode === code && !l.firstTime);

  /**
   * Who acts in a path, and as which demo login: the first person of a role is its demo account;
   * another person of the same role (a colleague a step is forwarded to) has none of their own.
   */
  const castOf = () => {
    const firstOfRole = new Map<string, string>();
    const login = (person: { id?: string; role: string }) => {
      const said = (text: string, demo = false) => ({ text, demo });
      if (person.role === 'applicant') return said(t('workflows.paths.publicApplicant'));
      if (person.role === 'system') return said(t('workflows.paths.automatic'));
      if (!logins) return said(personWords?.(person) ?? '');
      const seen = firstOfRole.get(person.role);
      if (seen === undefined && person.id) firstOfRole.set(person.role, person.id);
      if (seen !== undefined && person.id && seen !== person.id)
        return said(t('workflows.paths.otherOfRole', { role: role(person.role) }));
      const demo = demoOf(person.role);
      return demo
        ? said(t('workflows.paths.login', { username: demo.username, name: demo.lastName }), true)
        : said(t('workflows.paths.noLogin'));
    };
    return { login };
  };

  const field = (label: string, value: string) => t('workflows.paths.field', { label, value });

  /** What a workflow command's payload asks of a person, in the decision dialog's words. */
  const workflowInput = (sent: AnyEventObject, cast: ReturnType<typeof castOf>) => {
    const { type, actor, ...payload } = sent as AnyEventObject & { actor?: WorkflowActor };
    const command = declaration && commandOfEvent(declaration, type);
    const parts: string[] = [];
    if (typeof payload.to === 'string') {
      const colleagueRole = String(payload.toRole ?? actor?.role ?? '');
      const colleague = cast.login({ id: payload.to, role: colleagueRole });
      const who = colleague.demo ? `${role(colleagueRole)} · ${colleague.text}` : colleague.text;
      parts.push(field(t('decision.fields.to'), who || role(colleagueRole)));
    }
    for (const [key, value] of Object.entries(payload)) {
      if (['to', 'toName', 'toRole'].includes(key)) continue;
      const words = sampleWords(value, t) ?? valueWords(value, t);
      if (words === undefined || !words.trim()) continue;
      const label =
        key === 'reason'
          ? (first([`decision.reasonOf.${wf}.${command}`]) ?? t('decision.fields.reason'))
          : (first([`decision.fields.${key}`]) ?? readableId(key));
      parts.push(
        field(label, typeof value === 'string' ? t('workflows.paths.quoted', { text: words }) : words),
      );
    }
    return parts.join(t('workflows.paths.separator'));
  };

  const pageInput = (sent: AnyEventObject) => {
    if (!personal(sent.type)) return '';
    const { type: _, ...payload } = sent;
    return Object.entries(payload)
      .flatMap(([key, value]) => {
        const words = valueWords(value, t);
        return words === undefined ? [] : [field(readableId(key), words)];
      })
      .join(t('workflows.paths.separator'));
  };

  /** A path's steps in words: who, as which login, does what with which input, and the status after. */
  const path = (plan: PlanPath): PathWords => {
    const cast = castOf();
    const steps = plan.steps.map((step): StepWords => {
      const actor = (step.sent as { actor?: WorkflowActor }).actor;
      const isPerson = personal(step.sent.type);
      const who = declaration
        ? actor?.role
          ? role(actor.role)
          : system
        : isPerson
          ? t('workflows.paths.user')
          : system;
      const login = declaration ? cast.login(actor?.role ? actor : { role: 'system' }).text : '';
      const input = declaration ? workflowInput(step.sent, cast) : pageInput(step.sent);
      return { n: step.n, who, login, what: eventWords(step.sent.type), input, status: statusOf(step.to) };
    });
    return { n: plan.n, goal: steps.at(-1)?.status ?? '', steps };
  };

  /** A transition by its id, as "status —event→ status". */
  const transition = (id: string) => {
    for (const node of nodes) {
      for (const definition of transitionsOf(node)) {
        if (transitionId(definition) !== id) continue;
        const target = (definition.target as AnyStateNode[] | undefined)?.[0] ?? node;
        return transitionWords(nodeWords(node), eventWords(definition.eventType), nodeWords(target));
      }
    }
    return id;
  };
  const transitionWords = (from: string, event: string, to: string) =>
    t('workflows.paths.transition', { from, event, to });

  const state = (id: string) => {
    const node = nodes.find((n) => n.id === id);
    return node ? nodeWords(node) : readableId(id);
  };

  /**
   * What a path reads as, with what each step does underneath (the transitions, the state reached),
   * so paths are the same only where a tester could not tell them apart and they cover the same.
   */
  const pathKey = (plan: PlanPath) => {
    const { steps } = path(plan);
    return JSON.stringify(
      plan.steps.map((step: PlanStep, i) => {
        const { n: _, ...said } = steps[i];
        return [said, step.taken, step.next];
      }),
    );
  };

  return {
    title,
    path,
    pathKey,
    transition,
    state,
    event: eventWords,
    status: statusOf,
    workflow: Boolean(declaration),
  };
}

export type PlanWords = ReturnType<typeof planWords>;
