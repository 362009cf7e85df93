import { TemplateType } from '../../domain/codes/customers.codes';
import type { DocBlock, DocOptions } from '../agreements/docx-writer';
import { codeNamed, storyTable } from './story-data';

/**
 * The demo vendor's channel agreements as its legal department would write them in Word
 * (stories/agreement.tsv): the parties with their full names, the authorisation, territory and term,
 * prices and payment through the agent's bank account, rebates, reports, confidentiality, breach and
 * disputes, then a signature page with both parties' seal and signature blocks; numbered pages with
 * the agreement's number on top. The integrity, confidentiality and tripartite agreements have the same
 * parties and signature page with the clauses of their own subject between (stories/agreement-clauses.tsv).
 * The vendor is invented.
 */
const BLOCKS = storyTable('agreement');
const CLAUSES = storyTable('agreement-clauses').map(({ type, clause }) => ({
  type: codeNamed(TemplateType, type) as string,
  clause,
}));

/** What the agent is called in each type of agreement. */
const ROLE: Record<string, string> = {
  [TemplateType.generalDistributor]: '总代理',
  [TemplateType.rsp]: '省级代理',
  [TemplateType.ccp]: '城市代理',
};

const sealBlock = (party: string, name: string) => [
  `${party}（盖章）：`,
  name,
  '',
  '',
  '法定代表人或授权代表（签字）：',
  '',
  '日期：　　　　年　　月　　日',
];

export const AGREEMENT_LAYOUT: DocOptions = {
  header: '协议编号：{AgreementNo}',
  pageNumbers: { before: '第 ', between: ' 页 共 ', after: ' 页' },
};

/** The blocks of one type's agreement, titled with the type's name. */
function channelWording(type: string, title: string): DocBlock[] {
  const role = ROLE[type] ?? '代理商';
  const words = (text: string) => text.replaceAll('{{role}}', role).replaceAll('{{title}}', title);
  return BLOCKS.map(({ block, text, value }): DocBlock => {
    if (block === 'title') return { kind: 'title', text: words(text) };
    if (block === 'field') return { kind: 'field', label: words(text), value: words(value) };
    if (block === 'heading') return { kind: 'heading', text: words(text) };
    if (block === 'clause') return { kind: 'paragraph', text: words(text), indent: true };
    if (block === 'blank' || block === 'note') return { kind: 'paragraph', text: words(text) };
    if (block === 'pageBreak') return { kind: 'pageBreak' };
    return { kind: 'signatures', columns: [sealBlock('甲方', text), sealBlock('乙方', value)] };
  });
}

/** The blocks of a type's agreement: a channel agreement, or one of the others with its own clauses. */
export function agreementWording(type: string, title: string): DocBlock[] {
  const channel = channelWording(type, title);
  const clauses = CLAUSES.filter((c) => c.type === type);
  if (!clauses.length) return channel;
  // The parties end where the channel agreement's preamble begins; the signature page starts at its break.
  const preamble = channel.findIndex((b) => b.kind === 'paragraph' && b.text.startsWith('甲乙双方'));
  const signing = channel.findIndex((b) => b.kind === 'pageBreak');
  return [
    ...channel.slice(0, preamble),
    {
      kind: 'paragraph',
      text: `甲乙双方经友好协商，就${title}所涉事项达成如下约定，以资共同遵守。`,
      indent: true,
    },
    ...clauses.map(({ clause }): DocBlock => ({ kind: 'paragraph', text: clause, indent: true })),
    ...channel.slice(signing),
  ];
}
