import { useSelector } from '@xstate/react';
import type { DiagramEdge, DiagramGraph, DiagramNode } from '../../machines/viewer/diagram-graph';
import { type Translate, useT } from '../app-context';
import type { ViewerActor } from './viewer-actor';

function Rule({ text, t }: { text?: string; t: Translate }) {
  return (
    <>
      <dt>{t('workflows.details.description')}</dt>
      <dd className={text ? 'wf-rule' : 'wf-muted'}>{text ?? t('workflows.details.noDescription')}</dd>
    </>
  );
}

function StateDetails({ node, graph, t }: { node: DiagramNode; graph: DiagramGraph; t: Translate }) {
  const outgoing = graph.edges.filter((e) => e.source === node.id);
  return (
    <dl>
      <dt>{t('workflows.details.state')}</dt>
      <dd>
        <code>{node.id}</code>
      </dd>
      <dt>{t('workflows.details.type')}</dt>
      <dd>
        {t(`workflows.details.types.${node.type}`)}
        {node.initial ? ` · ${t('workflows.details.initial')}` : ''}
      </dd>
      <Rule text={node.description} t={t} />
      {node.tags.length > 0 && (
        <>
          <dt>{t('workflows.details.tags')}</dt>
          <dd>{node.tags.join(', ')}</dd>
        </>
      )}
      {node.invokes.length > 0 && (
        <>
          <dt>{t('workflows.details.invokes')}</dt>
          <dd>{node.invokes.join(', ')}</dd>
        </>
      )}
      {outgoing.length > 0 && (
        <>
          <dt>{t('workflows.details.outgoing')}</dt>
          <dd>
            <ul>
              {outgoing.map((e) => (
                <li key={e.id}>
                  <code>{e.label}</code> → {e.target.split('.').pop()}
                  {e.description && <div className="wf-rule">{e.description}</div>}
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
    </dl>
  );
}

function TransitionDetails({ edges, t }: { edges: DiagramEdge[]; t: Translate }) {
  const [edge] = edges;
  return (
    <dl>
      <dt>{t('workflows.details.transition')}</dt>
      <dd>
        <code>{edge.label}</code>
      </dd>
      <dt>{t('workflows.details.from')}</dt>
      <dd>
        <code>{edge.source}</code>
      </dd>
      <dt>{t('workflows.details.to')}</dt>
      <dd>
        {edges.map((e) => (
          <code key={e.id}>{e.target}</code>
        ))}
      </dd>
      {edge.guard && (
        <>
          <dt>{t('workflows.details.guard')}</dt>
          <dd>
            <code>{edge.guard}</code>
          </dd>
        </>
      )}
      <Rule text={edge.description} t={t} />
    </dl>
  );
}

/** The side panel for analysts: the business rule (`description`) of what was clicked. */
export function DiagramDetails({ viewer }: { viewer: ViewerActor }) {
  const t = useT();
  const graph = useSelector(viewer, (s) => s.context.layout?.graph);
  const element = useSelector(viewer, (s) => s.context.element);
  if (!graph) return null;
  const node = element?.kind === 'state' ? graph.nodes.find((n) => n.id === element.id) : undefined;
  const edges = element?.kind === 'transition' ? graph.edges.filter((e) => e.transition === element.id) : [];
  return (
    <aside className="wf-details" aria-label={t('workflows.details.title')}>
      <h4>{t('workflows.details.title')}</h4>
      {node && <StateDetails node={node} graph={graph} t={t} />}
      {edges.length > 0 && <TransitionDetails edges={edges} t={t} />}
      {!node && edges.length === 0 && <p className="wf-muted">{t('workflows.details.none')}</p>}
    </aside>
  );
}
