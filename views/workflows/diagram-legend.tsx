import type { ReactNode } from 'react';
import type { GuardNote } from '../../machines/viewer/diagram-graph';
import { AWAITING_TAG, COLOR } from '../../machines/viewer/diagram-svg';
import type { DiagramWords } from '../../machines/viewer/diagram-words';
import { useT } from '../app-context';

const Swatch = ({ children }: { children: ReactNode }) => (
  <svg className="wf-swatch" width="34" height="20" viewBox="0 0 34 20" aria-hidden="true">
    {children}
  </svg>
);
const box = { x: 2, y: 3, width: 30, height: 14, rx: 5, strokeWidth: 1.4 };

/** The numbered guards, or the lettered events, of a chart too big to write them on its arrows. */
function NoteList({ title, notes, color }: { title: string; notes: GuardNote[]; color: string }) {
  if (!notes.length) return null;
  return (
    <section className="wf-guard-notes" aria-label={title}>
      <h4>{title}</h4>
      <ol>
        {notes.map((note) => (
          <li key={note.mark}>
            <span className="wf-guard-mark" style={{ color }}>
              {note.mark}
            </span>
            {note.text}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * What the chart's marks mean, drawn with the chart's own colours, strokes and words; on a chart too
 * big to fit with its guards written on the arrows, the numbered guards in words; on one too big even
 * so, its lettered events in words too.
 */
export function DiagramLegend({
  words,
  notes,
  events,
}: {
  words: DiagramWords;
  notes: GuardNote[];
  events: GuardNote[];
}) {
  const t = useT();
  const items: [string, ReactNode][] = [
    ['atomic', <rect key="r" {...box} fill={COLOR.fill} stroke={COLOR.stroke} />],
    ['compound', <rect key="r" {...box} fill={COLOR.compoundFill} stroke={COLOR.stroke} />],
    [
      'parallel',
      <rect key="r" {...box} fill={COLOR.compoundFill} stroke={COLOR.stroke} strokeDasharray="6 4" />,
    ],
    [
      'final',
      <g key="g" fill="none" stroke={COLOR.stroke} strokeWidth={1.4}>
        <rect {...box} />
        <rect x={5} y={6} width={24} height={8} rx={3} />
      </g>,
    ],
    [
      'initial',
      <g key="g">
        <circle cx={6} cy={10} r={4} fill={COLOR.text} />
        <path d="M10,10 L30,10" stroke={COLOR.text} strokeWidth={1.3} />
        <path d="M26,6 L32,10 L26,14 z" fill={COLOR.text} />
      </g>,
    ],
    [
      'eventless',
      <g key="g">
        <path d="M2,10 L28,10" stroke={COLOR.edge} strokeWidth={1.3} strokeDasharray="5 3" />
        <path d="M26,6 L32,10 L26,14 z" fill={COLOR.edge} />
      </g>,
    ],
  ];
  return (
    <>
      <ul className="wf-legend" aria-label={t('workflows.legend.title')}>
        {items.map(([kind, mark]) => (
          <li key={kind}>
            <Swatch>{mark}</Swatch>
            {t(`workflows.legend.${kind}`)}
          </li>
        ))}
        <li>
          <span className="wf-legend-guard" style={{ color: COLOR.guard }}>
            {notes.length ? notes[0].mark : words.guard({ kind: 'guard', name: 'isCurrentApprover' })}
          </span>
          {t(notes.length ? 'workflows.legend.guardMark' : 'workflows.legend.guard')}
        </li>
        <li>
          <span className="wf-legend-awaiting" style={{ color: COLOR.awaiting }}>
            {words.tag(AWAITING_TAG)}
          </span>
          {t('workflows.legend.awaiting')}
        </li>
        <li className="wf-hint">{t('workflows.hint')}</li>
      </ul>
      <NoteList title={t('workflows.legend.guardNotes')} notes={notes} color={COLOR.guard} />
      <NoteList title={t('workflows.legend.eventNotes')} notes={events} color={COLOR.text} />
    </>
  );
}
