import type { ScoredAnswer, SourcedChunk } from '@forage/contracts';
import type { Activities, AnswerReply, Lead } from '../activities.js';
import type { RunState } from '../loop/run-state.js';
import { ATTRIBUTES, attributeScore, labelNames, pageLabelFor } from '@forage/question';
import { statesAboutOther, titleHead } from '@forage/lexicon';
import type { Part, Plan } from '../plan/plan.js';
import type { StepRunner } from '../loop/step.js';
import { meetsConstraints } from './listing-items.js';
import { labelledValue } from './labelled-value.js';
import { mainItemAnswer } from './main-item.js';
import { sentenceValue } from './sentence-value.js';

/** Leads a run keeps per part. */
const MAX_LEADS = 8;

/**
 * AGGREGATE: answer every part still missing over what was read (asking in the page's own label
 * when the page has one for the attribute), keep answers good enough, and name what is missing
 * as the next query.
 */
export async function aggregate(input: {
  acts: Activities;
  step: StepRunner;
  state: RunState;
  plan: Plan;
  sufficientConfidence: number;
}): Promise<void> {
  const { acts, step, state, plan } = input;
  if (plan.kind === 'listing' || plan.kind === 'task') {
    const matching = plan.listing
      ? state.items.filter((i) => plan.listing && meetsConstraints(i.item, plan.listing, i.context))
      : [];
    if (plan.kind === 'listing') {
      await acts.report({
        step: 'answer',
        status: 'succeeded',
        detail: `${String(state.items.length)} items read, ${String(matching.length)} meet the constraints`,
        durationMs: 0,
      });
    }
    return;
  }
  for (const part of plan.parts) {
    if (state.answers.has(part.id)) continue;
    // "the price of this product": the typed field of the record the page the user gave is about
    const fromItem = mainItemAnswer({ plan, part, mainItems: state.mainItems });
    if (fromItem) {
      await acts.report({
        step: 'answer',
        status: 'succeeded',
        detail: `${part.id}: "${fromItem.text}" from the page's own item (${fromItem.source.snippet.slice(0, 120)})`,
        durationMs: 0,
      });
      state.answers.set(part.id, fromItem);
      continue;
    }
    const chunks = chunksFor(part, state.chunks, state.leads.has(part.id));
    if (chunks.length === 0) continue;
    const attribute = ATTRIBUTES.find((a) => a.id === part.attribute);
    // a label's value counts only on the entity's own page (another page's row is about something else)
    const own = chunks.filter(
      (c) => part.entity !== undefined && c.title.toLowerCase().includes(part.entity.toLowerCase()),
    );
    const labelled = attribute && own.length > 0 ? labelledValue({ attribute, chunks: own }) : undefined;
    if (labelled) {
      await acts.report({
        step: 'answer',
        status: 'succeeded',
        detail: `${part.id}: "${labelled.text}" under the page's label "${labelled.source.snippet.split(':')[0] ?? ''}"`,
        durationMs: 0,
      });
      state.answers.set(part.id, labelled);
      continue;
    }
    const question = askedInPageWords(part, state, chunks);
    const reply = await step(
      'answer',
      () => acts.answer(question, chunks),
      (r) => `${part.id} "${question}": ${describeAnswer(r)}`,
    ).catch(() => undefined);
    if (reply) {
      if (reply.leads && reply.leads.length > 0)
        state.leads.set(part.id, mergeLeads(state.leads.get(part.id) ?? [], reply.leads));
      state.expectedRecordIds.push(reply.logRecordId);
      state.spend.addAnswer(reply);
      const leads = state.leads.get(part.id) ?? [];
      const answer = acceptable({ reply, part, min: input.sufficientConfidence, leads });
      // an answer over part of the pages the search returned is not final when it could change with
      // the rest: a derived answer (a comparison needs every compared page) or an open question
      // (no attribute to find on one entity's page); it stays tentative until they are read
      if (answer && (answer.derivation || !part.attribute) && stillGathering(state)) {
        state.tentative.set(part.id, answer);
        continue;
      }
      if (answer) {
        state.answers.set(part.id, answer);
        state.tentative.delete(part.id);
        continue;
      }
      const fallback = plausible({ reply, part, leads });
      if (fallback) state.tentative.set(part.id, fallback);
    }
    // a numeric value in running text: the number nearest the attribute's word on the entity's page
    const stated =
      attribute?.numeric && own.length > 0 ? sentenceValue({ attribute, chunks: own }) : undefined;
    if (stated) {
      await acts.report({
        step: 'answer',
        status: 'succeeded',
        detail: `${part.id}: "${stated.text}" nearest the attribute in "${stated.source.snippet.slice(0, 200)}"`,
        durationMs: 0,
      });
      state.answers.set(part.id, stated);
    }
  }
}

/** Search results of the current search are still unread, and the page budget allows reading them. */
function stillGathering(state: RunState): boolean {
  return state.pagesRead < state.limits.maxPages && state.resultUrls.some((u) => !state.isVisited(u));
}

/**
 * The part's question in the words of the pages read: their label for the attribute when they
 * have one, else the lexicon's term for it that the pages use ("consumer prices" for inflation).
 */
export function askedInPageWords(
  part: Part,
  state: Pick<RunState, 'labels'>,
  chunks: readonly SourcedChunk[] = [],
): string {
  const attribute = ATTRIBUTES.find((a) => a.id === part.attribute);
  if (!attribute || !part.entity) return part.question;
  for (const labels of state.labels.values()) {
    const label = pageLabelFor(attribute, labels);
    if (label) return `What is the ${label} of ${part.entity}?`;
  }
  const text = chunks
    .map((c) => c.text)
    .join(' ')
    .toLowerCase();
  const term = [...attribute.terms]
    .sort((a, b) => b.length - a.length)
    .find((t) => /^[a-z ]+$/.test(t) && new RegExp(`\\b${t}\\b`).test(text));
  if (term && !part.question.toLowerCase().includes(term)) return `What is the ${term} of ${part.entity}?`;
  return part.question;
}

/**
 * Chunks of the pages about the part's entity, when some page is; else everything read. A part
 * without an attribute reads everything: its answer may be on another page than the entity's
 * (a bridge question's answer is on the page of the thing the entity's page names); so does a
 * part whose entity's page led to other pages (processing offered leads for it).
 */
function chunksFor(part: Part, chunks: readonly SourcedChunk[], led: boolean): SourcedChunk[] {
  if (!part.entity || !part.attribute || led) return [...chunks];
  const entity = part.entity.toLowerCase();
  const about = chunks.filter((c) => c.title.toLowerCase().includes(entity));
  return about.length > 0 ? about : [...chunks];
}

/**
 * The best answer when it is confident, about the part's entity, and of the attribute's kind (a
 * number for a numeric one). A less confident answer (above the floor) is taken when its snippet
 * names the attribute on the entity's own page.
 */
export function acceptable(input: {
  reply: AnswerReply;
  part: Part;
  min: number;
  floor?: number;
  /** The part's leads: an answer on the page of a thing its entity's page names is about the entity too. */
  leads?: readonly Lead[];
}): ScoredAnswer | undefined {
  const { reply, part } = input;
  if (reply.abstained) return undefined;
  const attribute = ATTRIBUTES.find((a) => a.id === part.attribute);
  const numeric = attribute?.numeric ?? false;
  return reply.answers.find((a) => {
    // a derived answer ("yes"/"no", a compared option) answers the whole question, not the attribute
    const shaped = a.derivation !== undefined;
    // an answer on a lead's page answers the bridge question, not the entity's attribute (a city
    // for "where is the company X worked for headquartered?", not X's street address)
    const led = onLeadPage(a.source.title, input.leads ?? []);
    if (!shaped && numeric && (!/\d/.test(a.text) || cutNumber(a.text, a.source.snippet))) return false;
    if (!shaped && !led && attribute?.shape && !attribute.shape.test(a.text)) return false;
    const entity = part.entity?.toLowerCase();
    const onEntityPage = entity !== undefined && a.source.title.toLowerCase().includes(entity);
    // a derived answer rests on each entity's own page (its derivation's sources), not on one snippet
    const namedInSnippet =
      entity !== undefined &&
      a.source.snippet.toLowerCase().includes(entity) &&
      // "… residents in <the page's city>, about 15% of the population of <the entity>" is not the entity's
      !statesAboutOther({
        text: a.source.snippet,
        value: a.text,
        asked: part.entity ?? '',
        other: titleHead(a.source.title),
      });
    const aboutEntity = !entity || onEntityPage || namedInSnippet || led;
    if (!aboutEntity && !a.derivation) return false;
    if (a.confidence >= input.min) return true;
    const namesAttribute =
      attribute !== undefined &&
      (attributeScore(a.source.snippet, attribute) > 0 || labelNames(a.source.snippet, attribute));
    return a.confidence >= (input.floor ?? 0.35) && ((onEntityPage && namesAttribute) || led);
  });
}

/**
 * The best answer processing gave (it abstains below its own minimum) that has the attribute's
 * shape, wherever it was read: a question without an attribute may be answered on another page
 * than its entity's (the answer of a bridge question is on the bridge entity's page). An answer
 * to an attribute question must still be about the entity.
 */
export function plausible(input: {
  reply: AnswerReply;
  part: Part;
  leads?: readonly Lead[];
}): ScoredAnswer | undefined {
  const { reply, part } = input;
  if (reply.abstained) return undefined;
  const best = reply.answers[0];
  if (part.attribute && !best?.derivation)
    return acceptable({ reply, part, min: 1.01, floor: 0, leads: input.leads ?? [] });
  return best;
}

/** A run keeps every lead it was given for a part (the first ones first), once per name, a bounded number. */
export function mergeLeads(known: readonly Lead[], fresh: readonly Lead[]): Lead[] {
  const out = [...known];
  for (const lead of fresh)
    if (!out.some((l) => l.name.toLowerCase() === lead.name.toLowerCase())) out.push(lead);
  return out.slice(0, MAX_LEADS);
}

/** Whether a page is about a thing one of the leads names (its title, qualifier aside, is the name). */
export function onLeadPage(title: string, leads: readonly Lead[]): boolean {
  const name = title
    .replace(/\s*\([^)]*\)\s*/gu, ' ')
    .trim()
    .toLowerCase();
  return name.length > 0 && leads.some((l) => l.name.toLowerCase() === name);
}

/** Does the span stop inside a number of its snippet ("rose by 2" out of "rose by 2.1%")? */
export function cutNumber(text: string, snippet: string): boolean {
  const at = snippet.indexOf(text);
  if (at < 0 || !/\d$/.test(text)) return false;
  return /^[.,]?\d/.test(snippet.slice(at + text.length));
}

export function describeAnswer(reply: AnswerReply): string {
  const best = reply.answers[0];
  if (reply.abstained || !best) return `abstained: ${reply.reason ?? 'no answer'}`;
  return `"${best.text}" (confidence ${best.confidence.toFixed(2)}, ${reply.method})`;
}
