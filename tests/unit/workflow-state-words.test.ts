import rosetta from 'rosetta';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';
import { commandOfEvent } from '../../machines/workflows/declaration';
import { workflowDeclarations } from '../../machines/workflows/registry';
import type { Translate } from '../../views/app-context';
import { eventWords, roleWords, stateWords, topState } from '../../views/workflows/history-words';

/**
 * A workflow's status is shown by its top-level state's words (server.workflow.states): in the
 * process history, the decision panel and every list of streams. A state without words would show its
 * key to a person, in either language.
 */
describe('workflow states', () => {
  it('are worded in Chinese and English, every top-level state of every workflow', () => {
    const missing: string[] = [];
    for (const declaration of workflowDeclarations) {
      const states = Object.keys(declaration.machine.config.states ?? {});
      expect(states.length, declaration.name).toBeGreaterThan(0);
      for (const state of states)
        for (const [lang, messages] of [
          ['zh', zh],
          ['en', en],
        ] as const)
          if (typeof (messages.server.workflow.states as Record<string, unknown>)[state] !== 'string')
            missing.push(`${lang} ${declaration.name}.${state}`);
    }
    expect(missing).toEqual([]);
  });
});

/**
 * The viewer's replay and list say a stream's state, each event and each actor's role in words
 * (views/workflows/history-words.ts): walked for every workflow in both languages, no key or code
 * may be left to show.
 */
describe('the process history in words', () => {
  const translators = (['zh', 'en'] as const).map((lang) => {
    const i18n = rosetta({ zh, en });
    const t: Translate = (key, params) => i18n.t(key, params ?? {}, lang) || key;
    return [lang, t] as const;
  });
  const eventsOf = (machine: AnyStateMachine) => {
    const events = new Set<string>();
    const walk = (node: AnyStateNode) => {
      for (const type of node.ownEvents) if (!type.startsWith('xstate.')) events.add(type);
      for (const child of Object.values(node.states)) walk(child);
    };
    walk(machine.root);
    return [...events];
  };
  const rolesOf = (declaration: (typeof workflowDeclarations)[number]) => [
    ...new Set([
      ...declaration.chains.flatMap((c) => c.defaultRoles),
      ...declaration.example.actors.map((a) => a.role),
    ]),
  ];

  it('has words for every state, event and role of every workflow, in Chinese and English', () => {
    const raw: string[] = [];
    for (const [lang, t] of translators)
      for (const declaration of workflowDeclarations) {
        const name = declaration.name;
        for (const state of Object.keys(declaration.machine.config.states ?? {})) {
          const words = stateWords(t, name, state);
          if (words === state || words.includes('.')) raw.push(`${lang} ${name} state ${state}: ${words}`);
        }
        for (const type of ['workflow.started', ...eventsOf(declaration.machine)]) {
          const words = eventWords(t, name, type);
          const command = commandOfEvent(declaration, type);
          if (words === type || words === command) raw.push(`${lang} ${name} event ${type}: ${words}`);
        }
        for (const role of rolesOf(declaration)) {
          const words = roleWords(t, role);
          if (words === role) raw.push(`${lang} ${name} role ${role}`);
        }
      }
    expect(raw).toEqual([]);
    // An event nobody declared is caught: the check can fail.
    expect(eventWords(translators[0][1], 'approval', 'approval.unheardOf')).toBe('approval.unheardOf');
  });

  it('says the applicant and the system in each language', () => {
    const [[, zhT], [, enT]] = translators;
    expect(roleWords(zhT, 'applicant')).toBe('申请人');
    expect(roleWords(enT, 'applicant')).toBe('Applicant');
    expect(roleWords(zhT, 'system')).toBe('系统');
    expect(eventWords(zhT, 'approval', 'workflow.started')).toBe('发起流程');
    expect(stateWords(enT, 'registration', topState('{"inReview":"node0"}'))).not.toBe('inReview');
  });
});
