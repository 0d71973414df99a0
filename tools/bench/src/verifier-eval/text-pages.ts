import type { HotpotItem } from '../hotpot-e2e/dataset.js';
import { pageHtml } from '../hotpot-processing/pages.js';
import type { SquadQuestion } from '../squad/dataset.js';
import { chunkWith, claimOn, nextId, type EvalCase, type EvidenceBench, type StoredPage } from './bench.js';
import { escapeHtml, negateSentence } from './perturb.js';

function articlePage(title: string, text: string): string {
  return `<!doctype html><html><head><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main></body></html>`;
}

/** The claim that a page's entity has the answer as a value, quoted from the chunk that states it. */
function nameClaim(input: { page: StoredPage; text: string; subject: string; id?: string }) {
  const found = chunkWith(input.page, input.text);
  if (!found) return undefined;
  return claimOn({
    page: input.page,
    chunk: found.chunk,
    text: input.text,
    ...(input.id ? { id: input.id } : {}),
    statement: { subject: { asked: input.subject }, value: { type: 'name', text: input.text } },
  });
}

/**
 * HotpotQA paragraphs as pages: the answer claimed about the paragraph that states it, as the
 * last hop of a chain whose first hop (the bridge entity named on the other supporting page) is
 * claimed too; perturbations: the first hop's value released as the answer, a distractor page's
 * words claimed about the asked entity, and the answer quoted from its sentence negated.
 */
export function hotpotCases(bench: EvidenceBench, items: readonly HotpotItem[]): EvalCase[] {
  const cases: EvalCase[] = [];
  const dataset = 'hotpotqa-dev';
  items.forEach((item, n) => {
    const pages = item.paragraphs.map((p, i) =>
      bench.page(`https://hotpot.invalid/${String(n + 1)}/${String(i + 1)}`, pageHtml(p)),
    );
    const supportingTitles = new Set([...item.supporting].map((k) => k.split('\u0000')[0] ?? ''));
    const answerAt = item.paragraphs.findIndex(
      (p) => supportingTitles.has(p.title) && p.sentences.join('').includes(item.answer),
    );
    const answerPage = pages[answerAt];
    const answerParagraph = item.paragraphs[answerAt];
    if (!answerPage || !answerParagraph || item.answer.length < 2 || /^(yes|no)$/i.test(item.answer)) return;
    const chain = `hotpot-${String(n)}`;
    const final = nameClaim({ page: answerPage, text: item.answer, subject: answerParagraph.title });
    if (!final) return;
    const bridgeAt = item.paragraphs.findIndex(
      (p, i) =>
        i !== answerAt &&
        supportingTitles.has(p.title) &&
        p.sentences.join('').includes(answerParagraph.title),
    );
    const bridgePage = pages[bridgeAt];
    const bridgeParagraph = item.paragraphs[bridgeAt];
    const first =
      bridgePage && bridgeParagraph
        ? nameClaim({ page: bridgePage, text: answerParagraph.title, subject: bridgeParagraph.title })
        : undefined;
    if (first) {
      const hop1 = { ...first, hop: { chain, index: 1, of: 2 } };
      cases.push({
        kind: 'true',
        dataset,
        claim: { ...final, hop: { chain, index: 2, of: 2 } },
        with: [hop1],
      });
      cases.push({
        kind: 'first_hop',
        dataset,
        claim: { ...first, claimId: nextId('h'), hop: { chain: `${chain}-alone`, index: 1, of: 2 } },
      });
    } else {
      cases.push({ kind: 'true', dataset, claim: final });
    }
    const distractorAt = item.paragraphs.findIndex((p) => !supportingTitles.has(p.title));
    const distractor = item.paragraphs[distractorAt];
    const distractorPage = pages[distractorAt];
    const word = distractor
      ? /\b[A-Z][a-z]{3,}(?: [A-Z][a-z]+)*/.exec(distractor.sentences.slice(1).join(''))?.[0]
      : undefined;
    if (distractorPage && word) {
      const wrong = nameClaim({ page: distractorPage, text: word, subject: answerParagraph.title });
      if (wrong) cases.push({ kind: 'other_entity', dataset, claim: wrong });
    }
    const negated = negatedPage(
      bench,
      answerParagraph.title,
      answerParagraph.sentences.join(''),
      item.answer,
      `https://hotpot.invalid/${String(n + 1)}/negated`,
    );
    if (negated) {
      const claim = nameClaim({ page: negated, text: item.answer, subject: answerParagraph.title });
      if (claim) cases.push({ kind: 'negated', dataset, claim });
    }
  });
  return cases;
}

/** The page with the sentence holding the answer negated; undefined when it cannot be. */
function negatedPage(
  bench: EvidenceBench,
  title: string,
  text: string,
  answer: string,
  url: string,
): StoredPage | undefined {
  const sentences = text.split(/(?<=[.!?])\s+/);
  const at = sentences.findIndex((s) => s.includes(answer));
  const sentence = sentences[at];
  if (!sentence) return undefined;
  const negated = negateSentence(sentence, answer);
  if (!negated?.includes(answer)) return undefined;
  sentences[at] = negated;
  return bench.page(url, articlePage(title, sentences.join(' ')));
}

/**
 * SQuAD 2.0 paragraphs as pages (answerable questions): the first gold answer claimed about the
 * article, a number in it changed, and its sentence negated.
 */
export function squadCases(
  bench: EvidenceBench,
  questions: readonly SquadQuestion[],
  limit: number,
): EvalCase[] {
  const cases: EvalCase[] = [];
  const dataset = 'squad2-dev';
  const answerable = questions.filter((q) => q.answers.length > 0).slice(0, limit);
  answerable.forEach((q, n) => {
    const answer = q.answers[0];
    if (!answer) return;
    const title = q.title.replace(/_/g, ' ');
    const page = bench.page(
      `https://squad.invalid/${encodeURIComponent(q.title)}/${String(n)}`,
      articlePage(title, q.context),
    );
    const claim = nameClaim({ page, text: answer, subject: title });
    if (!claim) return;
    cases.push({ kind: 'true', dataset, claim });
    const digits = /\d+/.exec(answer);
    // a changed number the paragraph does not state anywhere (else it is another value of the page)
    const changed = digits ? changedNumber(answer, digits[0], q.context) : undefined;
    if (changed) {
      cases.push({
        kind: 'number_changed',
        dataset,
        claim: { ...claim, claimId: nextId('s'), text: changed, value: { type: 'name', text: changed } },
      });
    }
    const negated = negatedPage(
      bench,
      title,
      q.context,
      answer,
      `https://squad.invalid/${encodeURIComponent(q.title)}/${String(n)}/negated`,
    );
    if (negated) {
      const wrong = nameClaim({ page: negated, text: answer, subject: title });
      if (wrong) cases.push({ kind: 'negated', dataset, claim: wrong });
    }
  });
  return cases;
}

/** The answer with its number raised by 1, 2, … until the paragraph states no such number. */
function changedNumber(answer: string, digits: string, context: string): string | undefined {
  for (let step = 1; step <= 20; step += 1) {
    const number = String(Number(digits) + step);
    if (!new RegExp(`(?<!\\d)${number}(?!\\d)`).test(context)) return answer.replace(digits, number);
  }
  return undefined;
}
