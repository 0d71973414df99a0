import { createHash, randomUUID } from 'node:crypto';
import { answerHeuristically } from '@forage/app-processing';
import type { SourcedChunk } from '@forage/contracts';
import type { SquadQuestion } from './dataset.js';

/** Paragraphs are chunks as dom-understanding cuts a page's <p>: at most this long. */
const MAX_CHUNK_CHARS = 1_000;

/**
 * A SQuAD paragraph as the page processing would be given: one chunk per <p> (long paragraphs
 * split at sentence ends, as dom-understanding does), under the article's title as heading.
 */
export function paragraphChunks(q: SquadQuestion): SourcedChunk[] {
  const sha256 = createHash('sha256').update(q.context).digest('hex');
  const url = `https://squad.invalid/${encodeURIComponent(q.title)}`;
  const logRecordId = randomUUID();
  return piecesOf(q.context).map((text, i) => ({
    chunkId: `c${i + 1}`,
    url,
    title: q.title,
    text,
    headingPath: [q.title],
    xpath: '/html[1]/body[1]/p[1]',
    domSnapshot: { sha256, kind: 'dom_snapshot' as const, size: q.context.length, contentType: 'text/html' },
    logRecordId,
  }));
}

function piecesOf(text: string): string[] {
  if (text.length <= MAX_CHUNK_CHARS) return [text];
  const pieces: string[] = [];
  let current = '';
  for (const sentence of text.split(/(?<=[.!?])\s+(?=[A-Z0-9"])/u)) {
    if (current && current.length + 1 + sentence.length > MAX_CHUNK_CHARS) {
      pieces.push(current);
      current = sentence;
    } else current = current ? `${current} ${sentence}` : sentence;
  }
  if (current) pieces.push(current);
  return pieces;
}

/** Forage's best candidate for the question (threshold 0, so the confidence of every candidate is seen). */
export function forageAnswer(q: SquadQuestion): {
  answer: string;
  confidence: number;
  type: string;
  components: { retriever: number; qa: number; lengthPenalty: number };
} {
  const outcome = answerHeuristically({
    question: q.question,
    chunks: paragraphChunks(q),
    maxAnswers: 1,
    minConfidence: 0,
  });
  const best = outcome.answers[0];
  return {
    answer: best?.text ?? '',
    confidence: best?.confidence ?? 0,
    type: outcome.expectedType ?? 'none',
    components: best?.components ?? { retriever: 0, qa: 0, lengthPenalty: 1 },
  };
}
