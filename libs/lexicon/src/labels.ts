import { ATTRIBUTE_LABELS, ATTRIBUTE_PROPERTIES, LANGUAGES } from './attribute-labels.js';

/** A label of an attribute found in a text: which attribute, the label's words and where they start. */
export interface LabelHit {
  readonly attribute: string;
  readonly label: string;
  readonly index: number;
}

/** Scripts written without spaces between words: their labels match anywhere in the text. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Every attribute id the lexicon knows. */
export function knownAttributes(): string[] {
  return Object.keys(ATTRIBUTE_LABELS);
}

/** Whether the lexicon knows an attribute. */
export function isKnownAttribute(attribute: string): boolean {
  return attribute in ATTRIBUTE_LABELS;
}

/** All labels of an attribute, over every language, longest first. */
export function labelsOf(attribute: string): string[] {
  const byLanguage = ATTRIBUTE_LABELS[attribute];
  if (!byLanguage) return [];
  const all = new Set<string>();
  for (const language of LANGUAGES) for (const label of byLanguage[language] ?? []) all.add(label);
  return [...all].sort((a, b) => b.length - a.length);
}

/** Structured-data property names (lower case) that state an attribute. */
export function propertiesOf(attribute: string): string[] {
  return (ATTRIBUTE_PROPERTIES[attribute] ?? []).map((p) => p.toLowerCase());
}

/**
 * Every label of every known attribute in a text, matched on word boundaries (anywhere for
 * scripts written without spaces), case-insensitively. Where labels overlap, the longer wins.
 */
export function labelsIn(text: string, attributes: readonly string[] = knownAttributes()): LabelHit[] {
  const lower = text.toLowerCase();
  const hits: LabelHit[] = [];
  for (const attribute of attributes) {
    for (const label of labelsOf(attribute)) {
      for (const index of occurrences(lower, label)) hits.push({ attribute, label, index });
    }
  }
  hits.sort((a, b) => a.index - b.index || b.label.length - a.label.length);
  const kept: LabelHit[] = [];
  let end = -1;
  for (const hit of hits) {
    if (hit.index < end) continue;
    kept.push(hit);
    end = hit.index + hit.label.length;
  }
  return kept;
}

/** Whether a text names an attribute by one of its labels. */
export function namesAttribute(text: string, attribute: string): LabelHit | undefined {
  return labelsIn(text, [attribute])[0];
}

function occurrences(text: string, label: string): number[] {
  const out: number[] = [];
  const spaced = !UNSPACED.test(label);
  for (let at = text.indexOf(label); at >= 0; at = text.indexOf(label, at + 1)) {
    if (!spaced || (isBoundary(text, at - 1) && isBoundary(text, at + label.length))) out.push(at);
  }
  return out;
}

function isBoundary(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return true;
  return !/[\p{L}\p{N}]/u.test(text.charAt(index));
}
