import Docxtemplater from 'docxtemplater';
import InspectModule from 'docxtemplater/js/inspect-module.js';
import PizZip from 'pizzip';

/** A Word file the template library cannot read: not a .docx, or a tag left open. */
export class UnreadableTemplate extends Error {}

/** The first problem the library found, in its own words ("The tag beginning with "{Open" is unclosed"). */
function explanation(error: unknown): string {
  const found = error as {
    message?: string;
    properties?: { errors?: { properties?: { explanation?: string } }[] };
  };
  return found.properties?.errors?.[0]?.properties?.explanation ?? found.message ?? String(error);
}

function open(bytes: Buffer, modules: InspectModule[] = []) {
  try {
    return new Docxtemplater(new PizZip(bytes), {
      paragraphLoop: true,
      linebreaks: true,
      modules,
      // The refusal names the problem; the library's own console report would only repeat it.
      errorLogging: false,
      nullGetter: () => '',
    });
  } catch (error) {
    throw new UnreadableTemplate(explanation(error));
  }
}

/** The placeholder names a .docx template uses, each once. */
export function templateTags(bytes: Buffer): string[] {
  const inspect = new InspectModule();
  open(bytes, [inspect]);
  return Object.keys(inspect.getAllTags());
}

/** The template with every placeholder replaced by its value (missing values become empty text). */
export function fillTemplate(bytes: Buffer, values: Record<string, string>): Buffer {
  const document = open(bytes);
  document.render(values);
  return document.toBuffer({ compression: 'DEFLATE' }) as Buffer;
}

/** The text of a .docx, paragraph by paragraph (what a reader of the agreement sees). */
export function documentText(bytes: Buffer): string {
  return open(bytes).getFullText();
}

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A plain .docx of the given paragraphs: the demo's templates and the tests' are built with it. */
export function buildDocx(paragraphs: string[]): Buffer {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const body = paragraphs
    .map((p) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`)
    .join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
