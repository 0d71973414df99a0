/** The names a question mentions and the one it is about. */
import { NAME, QUESTION_WORDS } from './words.js';

/** The named thing a question is about: the capitalised phrase after of/in/for/about, else any capitalised phrase not at the start. */
export function entityOf(question: string): string | undefined {
  const after =
    new RegExp(`\\b(?:of|in|for|about|at)\\s+(?:the\\s+)?(${NAME})`, 'u').exec(question) ??
    new RegExp(`\\b(?:does|is|did|was)\\s+(?:the\\s+)?(${NAME})`, 'u').exec(question);
  const candidate = after?.[1] ?? new RegExp(`(?<=\\S\\s)(${NAME})`, 'u').exec(question)?.[1];
  return cleanName(candidate);
}

/** Every quoted string and capitalised phrase of a question (not its first word), in order. */
export function mentionsIn(question: string): string[] {
  const found: { at: number; name: string }[] = [];
  for (const m of question.matchAll(/["“”']([^"“”']{2,80})["“”']/g))
    found.push({ at: m.index, name: m[1] ?? '' });
  for (const m of question.matchAll(new RegExp(`(?<=\\S\\s)(${NAME})`, 'gu'))) {
    const name = cleanName(m[1]);
    if (name && !found.some((f) => f.name.includes(name))) found.push({ at: m.index, name });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.name);
}

/** Is the text a name as a whole ("Esmarra", "Hotel Calveno", "Vell-9")? */
export function isName(text: string): boolean {
  return new RegExp(`^${NAME}$`, 'u').test(text.trim());
}

function cleanName(candidate: string | undefined): string | undefined {
  const cleaned = candidate
    ?.replace(/\s+(?:and|of|the)$/i, '')
    .replace(/['’]s$/, '')
    .replace(/[.'’]+$/, '')
    .trim();
  // one letter ("F" of "2019 F/W") names nothing
  return cleaned && cleaned.length > 1 && !QUESTION_WORDS.test(cleaned) ? cleaned : undefined;
}
