import { describe, expect, it } from 'vitest';
import { createMachine, fromPromise, setup } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { machineRegistry } from '../../machines/registry';
import { sessionMachine } from '../../machines/session/session.machine';
import { layoutMachine, renderMachineSvg } from '../../machines/viewer/diagram';
import { eventLabel, guardName, machineGraph, transitionsOf } from '../../machines/viewer/diagram-graph';
import { drawSvg } from '../../machines/viewer/diagram-svg';
import { registrationWorkflow } from '../../machines/workflows/registration.workflow';

const attr = (svg: string, name: string) =>
  [...svg.matchAll(new RegExp(`${name}="([^"]*)"`, 'g'))].map((m) => m[1]);
/** The class attribute of the element carrying `data-…="id"`. */
const classOf = (svg: string, data: string, id: string) =>
  new RegExp(`<g class="([^"]*)" ${data}="${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`).exec(svg)?.[1] ??
  '';
const marked = (svg: string, data: string, cls: string) =>
  [...svg.matchAll(new RegExp(`<g class="([^"]*)" ${data}="([^"]*)"`, 'g'))]
    .filter((m) => m[1].split(' ').includes(cls))
    .map((m) => m[2]);

/** A chart with every kind of state and transition the renderer must draw. */
const kitchenSink = setup({
  actors: { fetchThing: fromPromise(async () => 1) },
  guards: { isReady: () => true, isBig: () => true },
}).createMachine({
  id: 'sink',
  initial: 'idle',
  states: {
    idle: { on: { 'thing.start': 'checking' }, description: 'Nothing happens yet.' },
    checking: { always: [{ guard: 'isReady', target: 'working' }, { target: 'idle' }] },
    working: {
      type: 'parallel',
      states: {
        left: { initial: 'a', states: { a: { on: { 'left.go': 'b' } }, b: {} } },
        right: {
          initial: 'loading',
          states: {
            loading: { invoke: { id: 'fetchThing', src: 'fetchThing', onDone: 'loaded' }, tags: 'busy' },
            loaded: { after: { 500: 'loading' } },
          },
        },
      },
      on: { 'thing.finish': { target: 'done', guard: 'isBig', description: 'Only big things finish.' } },
    },
    done: { type: 'final' },
  },
});

describe('machineGraph', () => {
  it('has every state and every transition of the registration workflow, with guards and rules', () => {
    const graph = machineGraph(registrationWorkflow);
    const stateIds = getStateNodes(registrationWorkflow.root).map((n) => n.id);
    expect(graph.nodes.map((n) => n.id).sort()).toEqual(['registration', ...stateIds].sort());
    const defined = getStateNodes(registrationWorkflow.root).flatMap((n) => transitionsOf(n));
    expect(new Set(graph.edges.map((e) => e.transition)).size).toBe(defined.length);
    expect(graph.nodes.find((n) => n.id === 'registration.inReview')).toMatchObject({
      type: 'atomic',
      initial: true,
      parent: 'registration',
    });
    expect(
      graph.nodes
        .filter((n) => n.type === 'final')
        .map((n) => n.key)
        .sort(),
    ).toEqual(['active', 'rejected', 'withdrawn']);
    const lastStep = graph.edges.find((e) => e.target === 'registration.toSign');
    expect(lastStep?.label).toBe('review.agree [isCurrentReviewer && isLastStep]');
    const forward = graph.edges.find((e) => e.event === 'review.forward');
    expect(forward).toMatchObject({ internal: true, target: 'registration.inReview' });
    expect(forward?.description).toContain('Forwarded');
  });

  it('adds the eventless transitions that toDirectedGraph drops, and names timers and services', () => {
    const session = machineGraph(sessionMachine);
    const fromStart = session.edges.filter((e) => e.source === 'session.starting');
    expect(fromStart.map((e) => [e.label, e.eventless])).toEqual([
      ['always [hadToken]', true],
      ['always', true],
    ]);
    const sink = machineGraph(kitchenSink);
    expect(sink.edges.map((e) => e.label)).toEqual(
      expect.arrayContaining(['done: fetchThing', 'after 500', 'thing.finish [isBig]', 'always [isReady]']),
    );
    expect(sink.nodes.find((n) => n.id === 'sink.working.left')).toMatchObject({
      region: true,
      initial: false,
    });
    expect(sink.nodes.find((n) => n.id === 'sink.working.right.loading')).toMatchObject({
      invokes: ['fetchThing'],
      tags: ['busy'],
    });
  });

  it('reads guard names and event labels as an analyst would', () => {
    expect(guardName('isApplicant')).toBe('isApplicant');
    expect(guardName({ type: 'hasRole', params: {} })).toBe('hasRole');
    expect(eventLabel('xstate.error.actor.login')).toBe('error: login');
    expect(eventLabel('xstate.after.COOLDOWN.export.coolingDown')).toBe('after COOLDOWN');
    expect(eventLabel('')).toBe('always');
  });
});

describe('renderMachineSvg', () => {
  it('draws every state and every transition of the registration workflow', async () => {
    const svg = await renderMachineSvg(registrationWorkflow);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const graph = machineGraph(registrationWorkflow);
    expect(attr(svg, 'data-state-id').sort()).toEqual(graph.nodes.map((n) => n.id).sort());
    expect(attr(svg, 'data-edge-id').sort()).toEqual(graph.edges.map((e) => e.id).sort());
    for (const node of graph.nodes) expect(svg).toContain(`>${node.key}</text>`);
    for (const edge of graph.edges) {
      expect(svg).toContain(`>${edge.eventText}</text>`);
      if (edge.guardText) expect(svg).toContain(`>${edge.guardText.replace(/&/g, '&amp;')}</text>`);
    }
    // an initial dot, and a double border on each final state
    expect(svg).toContain('data-initial-of="registration"');
    expect(classOf(svg, 'data-state-id', 'registration.active')).toContain('wf-final');
    expect(svg).toContain('<title>toSign\nApproved: the agreement');
  });

  it('lays compound states out around their children and routes every arrow', async () => {
    const layout = await layoutMachine(kitchenSink);
    const box = (id: string) => layout.nodes.find((n) => n.node.id === id)!;
    const inside = (inner: string, outer: string) =>
      box(inner).x >= box(outer).x &&
      box(inner).y >= box(outer).y &&
      box(inner).x + box(inner).width <= box(outer).x + box(outer).width &&
      box(inner).y + box(inner).height <= box(outer).y + box(outer).height;
    expect(inside('sink.working.left.a', 'sink.working.left')).toBe(true);
    expect(inside('sink.working.right', 'sink.working')).toBe(true);
    expect(layout.edges.every((e) => e.points.length >= 2)).toBe(true);
    const svg = drawSvg(layout);
    expect(classOf(svg, 'data-state-id', 'sink.working.right')).toContain('wf-region');
    expect(svg).toContain('stroke-dasharray="6 4"');
  });

  it('marks exactly the highlighted states and transitions', async () => {
    const graph = machineGraph(registrationWorkflow);
    const agree = graph.edges.find((e) => e.target === 'registration.toSign')!.transition;
    const svg = await renderMachineSvg(registrationWorkflow, {
      highlight: {
        states: ['registration.inReview', 'registration.toSign'],
        transitions: [agree],
        current: ['registration.toSign'],
      },
    });
    expect(marked(svg, 'data-state-id', 'is-visited').sort()).toEqual([
      'registration.inReview',
      'registration.toSign',
    ]);
    expect(marked(svg, 'data-state-id', 'is-current')).toEqual(['registration.toSign']);
    expect(marked(svg, 'data-transition-id', 'is-taken')).toEqual([agree]);
    const plain = await renderMachineSvg(registrationWorkflow);
    expect(marked(plain, 'data-state-id', 'is-visited')).toEqual([]);
    expect(marked(plain, 'data-transition-id', 'is-taken')).toEqual([]);
  });

  it('escapes what it writes into the markup', async () => {
    const tricky = createMachine({
      id: 'tricky',
      initial: 'a',
      states: { a: { description: '<script>"x" & y</script>', on: { 'a<b': 'b' } }, b: {} },
    });
    const svg = await renderMachineSvg(tricky);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;&quot;x&quot; &amp; y');
    expect(svg).toContain('>a&lt;b</text>');
  });

  it('draws every machine of the registry', async () => {
    for (const entry of machineRegistry) {
      const svg = await renderMachineSvg(await entry.load());
      expect(svg, entry.id).toContain(`data-machine="${entry.id}"`);
    }
  }, 30_000);
});
