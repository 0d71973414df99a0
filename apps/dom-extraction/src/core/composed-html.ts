import { Parser } from 'htmlparser2';

/** Marks an iframe whose same-origin document was inlined into its `srcdoc`. */
export const INLINED_FRAME_ATTR = 'data-forage-frame';

const MAX_FRAME_DEPTH = 3;

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The captured document with its inlined parts turned into ordinary elements, for readers of text
 * (outcome classification, main-content extraction) that skip <template> and <iframe>: a
 * declarative open shadow root becomes `<div data-forage-shadow-root>` in its host, an inlined
 * same-origin iframe a `<div data-forage-frame>` holding the frame's document. The stored evidence
 * keeps the faithful form; this one is only read. One streaming parse finds the tags, and only
 * they are rewritten; a document with neither comes back as is.
 */
export function composedHtml(html: string, depth = 0): string {
  if (!html.includes('shadowrootmode') && !html.includes(INLINED_FRAME_ATTR)) return html;
  const edits: Edit[] = [];
  const templates: boolean[] = [];
  let frame: { start: number; srcdoc: string; src: string } | null = null;
  const parser: Parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'template') {
          const mode = attrs['shadowrootmode'];
          templates.push(mode !== undefined);
          if (mode !== undefined)
            edits.push({
              start: parser.startIndex,
              end: parser.endIndex + 1,
              text: `<div data-forage-shadow-root="${escapeAttr(mode)}">`,
            });
        } else if (name === 'iframe' && frame === null && depth < MAX_FRAME_DEPTH) {
          const srcdoc = attrs['srcdoc'];
          if (attrs[INLINED_FRAME_ATTR] === 'same-origin' && srcdoc !== undefined)
            frame = { start: parser.startIndex, srcdoc, src: attrs['src'] ?? '' };
        }
      },
      onclosetag(name, isImplied) {
        if (name === 'template') {
          if (templates.pop() === true && !isImplied)
            edits.push({ start: parser.startIndex, end: parser.endIndex + 1, text: '</div>' });
        } else if (name === 'iframe' && frame !== null) {
          const inner = composedHtml(frame.srcdoc, depth + 1);
          const open = `<div ${INLINED_FRAME_ATTR}="same-origin" data-src="${escapeAttr(frame.src)}">`;
          edits.push({
            start: frame.start,
            end: isImplied ? html.length : parser.endIndex + 1,
            text: `${open}${inner}</div>`,
          });
          frame = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return applyEdits(html, edits);
}

function applyEdits(html: string, edits: readonly Edit[]): string {
  const ordered = [...edits].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const edit of ordered) {
    if (edit.start < at) continue;
    out += html.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + html.slice(at);
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}
