import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';
import { machineGroups, machineRegistry } from '../../machines/registry';

const root = join(__dirname, '../../machines');
const statechartFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory()
      ? statechartFiles(join(dir, d.name))
      : /\.(machine|workflow)\.ts$/.test(d.name)
        ? [join(dir, d.name)]
        : [],
  );
const isMachine = (value: unknown): value is { id: string; root: unknown } =>
  typeof value === 'object' && value !== null && 'root' in value && 'getTransitionData' in value;

describe('the machine registry (workflow viewer, npm run paths)', () => {
  it('lists every statechart of machines/, so the viewer shows them all', async () => {
    const registered = new Set(machineRegistry.map((e) => e.id));
    for (const file of statechartFiles(root)) {
      const module = (await import(file)) as Record<string, unknown>;
      const machines = Object.values(module).filter(isMachine);
      expect(machines.length, relative(root, file)).toBeGreaterThan(0);
      for (const machine of machines) {
        expect(
          registered.has(machine.id),
          `add ${machine.id} (${relative(root, file)}) to machines/registry.ts`,
        ).toBe(true);
      }
    }
  });

  it('loads each entry as the machine of its id, in a known group, with a title in both languages', async () => {
    for (const entry of machineRegistry) {
      expect((await entry.load()).id).toBe(entry.id);
      expect(machineGroups).toContain(entry.group);
      for (const messages of [zh, en]) {
        expect(
          (messages.workflows.machines as Record<string, string>)[entry.id],
          entry.titleKey,
        ).toBeTruthy();
      }
    }
    expect(new Set(machineRegistry.map((e) => e.id)).size).toBe(machineRegistry.length);
  });
});
