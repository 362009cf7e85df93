import type { ComponentType } from 'react';
import type { PageEntry, WorkflowPanelKind } from '../../catalogue/types';
import { CustomerWorkflowPanel } from './customer-workflow-panel';
import { WorkflowPanel, type WorkflowPanelProps } from './workflow-panel';

/** Each panel the catalogue may name (catalogue/types.ts WorkflowPanelKind), by its name. */
const PANELS: Record<WorkflowPanelKind, ComponentType<WorkflowPanelProps>> = {
  decisions: WorkflowPanel,
  agentApplications: CustomerWorkflowPanel,
};

/** The workflow panel a record page's catalogue entry declares, where the entry says it shows. */
export function RecordWorkflowPanel(props: {
  page: PageEntry;
  objectId?: string;
  action: string;
  onDecided: () => void;
  /** How many times the page saved the record (the panel asks its options again after each). */
  saves: number;
}) {
  const declared = props.page.workflow;
  if (!declared || !props.objectId) return null;
  if (declared.on === 'detail' && props.action !== 'detail') return null;
  const Panel = PANELS[declared.panel];
  return (
    <Panel
      workflow={declared.name}
      objectId={props.objectId}
      onDecided={props.onDecided}
      saves={props.saves}
    />
  );
}
