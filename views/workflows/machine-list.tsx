import { useSelector } from '@xstate/react';
import { machineGroups, machineRegistry } from '../../machines/registry';
import { useT } from '../app-context';
import type { ViewerActor } from './viewer-actor';

/** The registry's statecharts by group; choosing one draws it. */
export function MachineList({ viewer }: { viewer: ViewerActor }) {
  const t = useT();
  const selected = useSelector(viewer, (s) => s.context.selected);
  return (
    <nav className="wf-machine-list" aria-label={t('workflows.list')}>
      {machineGroups.map((group) => (
        <section key={group}>
          <h4>{t(`workflows.groups.${group}`)}</h4>
          <ul>
            {machineRegistry
              .filter((entry) => entry.group === group)
              .map((entry) => (
                <li key={entry.id}>
                  <button
                    type="button"
                    className={`wf-machine-item ${entry.id === selected ? 'is-active' : ''}`}
                    aria-current={entry.id === selected ? 'true' : undefined}
                    data-machine-id={entry.id}
                    onClick={() => viewer.send({ type: 'machine.select', id: entry.id })}
                  >
                    <span>{t(entry.titleKey)}</span>
                    <code>{entry.id}</code>
                  </button>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
