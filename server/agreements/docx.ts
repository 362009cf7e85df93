import Docxtemplater from 'docxtemplater';
import InspectModule from 'docxtemplater/js/inspect-module.js';
import PizZip from 'pizzip';
import { writeDocx } from './docx-writer';

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

/** A plain .docx of the given paragraphs (the tests' short templates). */
export const buildDocx = (paragraphs: string[]): Buffer =>
  writeDocx(paragraphs.map((text) => ({ kind: 'paragraph', text })));
