/** Reads a question once: its shape, the entity, the attribute, the answer type, the chain or set, the constraints. */
import { answerTypeOf } from './answer-type.js';
import { constraintsOf } from './constraints.js';
import { entityOf, isName, mentionsIn } from './entities.js';
import { hopChainOf } from './hops.js';
import type { QuestionReading } from './model.js';
import { setQuestionOf } from './sets.js';
import { askedAttribute } from './wording.js';
import { LIST_SPLIT } from './words.js';

/** "A, B or C" / "A and B": the question compares or lists named things, not a set to find. */
function namesSeveral(question: string): boolean {
  for (const m of question.matchAll(
    /(?:,|:|\bof|\bbetween)\s+((?:[^,?]+,\s*)*[^,?]+?\s+(?:or|and)\s+[^,?]+?)(?=[?,]|$)/g,
  )) {
    const items = (m[1] ?? '').split(LIST_SPLIT).map((s) => s.replace(/^(?:the|either)\s+/i, '').trim());
    if (items.length >= 2 && items.every(isName)) return true;
  }
  return false;
}

/**
 * The question without the address it names as where to look: "On https://x.example/ what is …?"
 * and "What is … on https://x.example/?" read as "What is …?".
 */
export function withoutAddress(text: string): string {
  const stripped = text
    .replace(/^(?:on|at|from|in|using)\s+https?:\/\/\S+?[,:]?\s+/iu, '')
    .replace(/\s+(?:on|at|from|in|using)\s+https?:\/\/\S+?(?=[?.!]*$)/iu, '')
    .trim();
  return stripped === text || stripped === '' ? text : stripped.charAt(0).toUpperCase() + stripped.slice(1);
}

/**
 * The one reading of a question for the planner, processing, search and the verifier. Pure: the
 * same text always reads the same; nothing here names a site, product or benchmark entity.
 */
export function readQuestion(question: string): QuestionReading {
  const text = question.trim().replace(/\s+/g, ' ');
  const constraints = constraintsOf(text);
  const mentions = mentionsIn(text);
  // where to look is a constraint (the site), not a hop or a member of a set
  const asked = withoutAddress(text);
  const chain = hopChainOf(asked);
  if (chain) {
    const last = chain.hops[chain.hops.length - 1];
    return {
      text,
      shape: 'nested',
      entity: chain.entity,
      mentions,
      ...(last?.attribute ? { attribute: last.attribute } : {}),
      answerType: last?.answerType ?? 'text',
      chain,
      constraints,
    };
  }
  const set = namesSeveral(asked) ? undefined : setQuestionOf(asked, constraints);
  if (set) {
    const shape = set.operation.kind === 'filter' ? 'listing' : 'set';
    const answerType =
      set.operation.kind === 'count'
        ? 'count'
        : set.operation.kind === 'sum' || set.operation.kind === 'average'
          ? set.asked === 'price'
            ? 'money'
            : 'number'
          : set.asked
            ? answerTypeOf(`What is the ${set.asked}?`, set.asked)
            : set.operation.kind === 'top' && set.operation.k === 1
              ? 'name'
              : 'list';
    return {
      text,
      shape,
      mentions,
      ...(set.asked ? { attribute: set.asked } : {}),
      answerType,
      set,
      constraints,
    };
  }
  const attribute = askedAttribute(text);
  const entity = entityOf(text);
  return {
    text,
    shape: 'fact',
    ...(entity ? { entity } : {}),
    mentions,
    ...(attribute ? { attribute } : {}),
    answerType: answerTypeOf(text, attribute),
    constraints,
  };
}
