import PizZip from 'pizzip';

/**
 * A small writer of Word (.docx) files: what an agreement needs and no more — a title, clause headings,
 * paragraphs, labelled lines, side-by-side signature and seal blocks without borders, a page break,
 * a header line and page numbers in the footer. The demo's agreement templates and the tests' are
 * written with it; the text may hold `{Placeholder}` tags, each inside one run, so the template
 * library reads every tag whole.
 */
export type DocBlock =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string; indent?: boolean }
  | { kind: 'field'; label: string; value: string }
  | { kind: 'signatures'; columns: string[][] }
  | { kind: 'pageBreak' };

export interface DocOptions {
  /** A line at the top of every page, on the right (the agreement's number). */
  header?: string;
  /** Page numbers at the foot of every page: the words before the page, between it and the count, after. */
  pageNumbers?: { before: string; between: string; after: string };
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml';

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const run = (text: string, bold = false) =>
  `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;

const paragraph = (runs: string, properties = '') =>
  `<w:p>${properties ? `<w:pPr>${properties}</w:pPr>` : ''}${runs}</w:p>`;

const field = (instruction: string) =>
  `<w:fldSimple w:instr=" ${instruction} "><w:r><w:t>1</w:t></w:r></w:fldSimple>`;

/** Columns side by side in a table without borders, kept on one page. */
function signatures(columns: string[][]): string {
  const width = Math.floor(5000 / columns.length);
  const cells = columns
    .map(
      (lines) =>
        `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="pct"/></w:tcPr>${lines
          .map((line) => paragraph(run(line), '<w:keepNext/><w:spacing w:after="120"/>'))
          .join('')}</w:tc>`,
    )
    .join('');
  const none = ['top', 'left', 'bottom', 'right', 'insideH', 'insideV']
    .map((side) => `<w:${side} w:val="nil"/>`)
    .join('');
  return `<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/><w:tblBorders>${none}</w:tblBorders></w:tblPr><w:tblGrid>${columns
    .map(() => '<w:gridCol w:w="4500"/>')
    .join('')}</w:tblGrid><w:tr><w:trPr><w:cantSplit/></w:trPr>${cells}</w:tr></w:tbl>`;
}

function block(b: DocBlock): string {
  switch (b.kind) {
    case 'title':
      return paragraph(run(b.text), '<w:pStyle w:val="Title"/>');
    case 'heading':
      return paragraph(run(b.text), '<w:pStyle w:val="Heading1"/>');
    case 'paragraph':
      return paragraph(run(b.text), b.indent ? '<w:ind w:firstLineChars="200" w:firstLine="480"/>' : '');
    case 'field':
      return paragraph(run(b.label, true) + run(b.value));
    case 'signatures':
      return signatures(b.columns);
    case 'pageBreak':
      return paragraph('<w:r><w:br w:type="page"/></w:r>');
  }
}

// Body text in SimSun (宋体) 12 pt at 1.5 lines, Latin text in Times New Roman; the title 18 pt bold.
const STYLES = `${XML}<w:styles xmlns:w="${W}"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:eastAsia="SimSun" w:cs="Times New Roman"/><w:sz w:val="24"/><w:szCs w:val="24"/><w:lang w:val="en-US" w:eastAsia="zh-CN"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="60" w:line="360" w:lineRule="auto"/><w:jc w:val="both"/></w:pPr></w:pPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style><w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:pPr><w:spacing w:before="240" w:after="360"/><w:jc w:val="center"/></w:pPr><w:rPr><w:rFonts w:eastAsia="SimHei"/><w:b/><w:sz w:val="36"/><w:szCs w:val="36"/></w:rPr></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:keepNext/><w:spacing w:before="240" w:after="60"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/></w:rPr></w:style><w:style w:type="paragraph" w:styleId="Header"><w:name w:val="header"/><w:basedOn w:val="Normal"/><w:pPr><w:jc w:val="right"/></w:pPr><w:rPr><w:sz w:val="18"/><w:szCs w:val="18"/></w:rPr></w:style><w:style w:type="paragraph" w:styleId="Footer"><w:name w:val="footer"/><w:basedOn w:val="Normal"/><w:pPr><w:jc w:val="center"/></w:pPr><w:rPr><w:sz w:val="18"/><w:szCs w:val="18"/></w:rPr></w:style></w:styles>`;

/** The Word file of the given blocks, on A4 with 2.54 cm margins. */
export function writeDocx(blocks: DocBlock[], options: DocOptions = {}): Buffer {
  const zip = new PizZip();
  const parts: { id: string; type: 'header' | 'footer'; body: string }[] = [];
  if (options.header)
    parts.push({
      id: 'rIdHeader',
      type: 'header',
      body: paragraph(run(options.header), '<w:pStyle w:val="Header"/>'),
    });
  if (options.pageNumbers) {
    const { before, between, after } = options.pageNumbers;
    const runs = run(before) + field('PAGE') + run(between) + field('NUMPAGES') + run(after);
    parts.push({ id: 'rIdFooter', type: 'footer', body: paragraph(runs, '<w:pStyle w:val="Footer"/>') });
  }
  zip.file(
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${MAIN}.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="${MAIN}.styles+xml"/>${parts
      .map((p) => `<Override PartName="/word/${p.type}1.xml" ContentType="${MAIN}.${p.type}+xml"/>`)
      .join('')}</Types>`,
  );
  zip.file(
    '_rels/.rels',
    `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  zip.file(
    'word/_rels/document.xml.rels',
    `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdStyles" Type="${R}/styles" Target="styles.xml"/>${parts
      .map((p) => `<Relationship Id="${p.id}" Type="${R}/${p.type}" Target="${p.type}1.xml"/>`)
      .join('')}</Relationships>`,
  );
  zip.file('word/styles.xml', STYLES);
  for (const p of parts) {
    const root = p.type === 'header' ? 'hdr' : 'ftr';
    zip.file(`word/${p.type}1.xml`, `${XML}<w:${root} xmlns:w="${W}">${p.body}</w:${root}>`);
  }
  const references = parts.map((p) => `<w:${p.type}Reference w:type="default" r:id="${p.id}"/>`).join('');
  const section = `<w:sectPr>${references}<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="851" w:footer="851" w:gutter="0"/></w:sectPr>`;
  zip.file(
    'word/document.xml',
    `${XML}<w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>${blocks.map(block).join('')}${section}</w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
