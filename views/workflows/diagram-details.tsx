import { useSelector } from '@xstate/react';
import type { DiagramEdge, DiagramGraph, DiagramNode } from '../../machines/viewer/diagram-graph';
import { type Translate, useT } from '../app-context';
import { useGuardWords } from './use-guard-words';
import type { ViewerActor } from './viewer-actor';

function Rule({ text, t }: { text?: string; t: Translate }) {
  return (
    <>
      <dt>{t('workflows.details.description')}</dt>
      <dd className={text ? 'wf-rule' : 'wf-muted'}>{text ?? t('workflows.details.noDescription')}</dd>
    </>
  );
}

/** A state as analysts name it: in words, with the full id in small print for those who read the code. */
function StateName({ id, graph }: { id: string; graph: DiagramGraph }) {
  const node = graph.nodes.find((n) => n.id === id);
  return (
    <span className="wf-state-name">
      <strong>{node?.name ?? id}</strong> <code>{id}</code>
    </span>
  );
}

const nameOf = (graph: DiagramGraph, id: string) => graph.nodes.find((n) => n.id === id)?.name ?? id;

function StateDetails({ node, graph, t }: { node: DiagramNode; graph: DiagramGraph; t: Translate }) {
  const outgoing = graph.edges.filter((e) => e.source === node.id);
  const words = useGuardWords();
  return (
    <dl>
      <dt>{t('workflows.details.state')}</dt>
      <dd>
        <StateName id={node.id} graph={graph} />
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
          <dd className="wf-tags">
            {node.tagWords.map((tag, i) => (
              <span key={node.tags[i]} className="wf-tag" data-tag={node.tags[i]}>
                {tag}
              </span>
            ))}
          </dd>
        </>
      )}
      {node.invokes.length > 0 && (
        <>
          <dt>{t('workflows.details.invokes')}</dt>
          <dd>{node.invokeWords.join('、')}</dd>
        </>
      )}
      {outgoing.length > 0 && (
        <>
          <dt>{t('workflows.details.outgoing')}</dt>
          <dd>
            <ul>
              {outgoing.map((e) => (
                <li key={e.id}>
                  <strong>{e.eventText}</strong> → {nameOf(graph, e.target)}
                  {e.guardExpr && <div className="wf-guard">{words(e.guardExpr)}</div>}
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

function TransitionDetails({ edges, graph, t }: { edges: DiagramEdge[]; graph: DiagramGraph; t: Translate }) {
  const [edge] = edges;
  const words = useGuardWords();
  return (
    <dl>
      <dt>{t('workflows.details.event')}</dt>
      <dd>
        <strong className="wf-event">{edge.eventText}</strong> <code>{edge.event || edge.label}</code>
        {edge.eventless && <div className="wf-muted">{t('workflows.details.eventless')}</div>}
      </dd>
      <dt>{t('workflows.details.from')}</dt>
      <dd>
        <StateName id={edge.source} graph={graph} />
      </dd>
      <dt>{t('workflows.details.to')}</dt>
      <dd>
        {edge.internal ? (
          <span className="wf-muted">{t('workflows.details.stays')}</span>
        ) : (
          edges.map((e) => (
            <div key={e.id}>
              <StateName id={e.target} graph={graph} />
            </div>
          ))
        )}
      </dd>
      {edge.guardExpr && (
        <>
          <dt>{t('workflows.details.guard')}</dt>
          <dd className="wf-guard">{words(edge.guardExpr)}</dd>
          <dt>{t('workflows.details.guardCode')}</dt>
          <dd>
            <code>{edge.guard}</code>
          </dd>
        </>
      )}
      <Rule text={edge.description} t={t} />
    </dl>
  );
}

/** The side panel for analysts: the business rule (`description`) and the guard in words of what was clicked. */
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
      {edges.length > 0 && <TransitionDetails edges={edges} graph={graph} t={t} />}
      {!node && edges.length === 0 && <p className="wf-muted">{t('workflows.details.none')}</p>}
    </aside>
  );
}
