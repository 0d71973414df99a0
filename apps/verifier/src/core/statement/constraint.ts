import type { CheckResult, Claim } from '@forage/contracts';
import { negationIn, numbersIn } from '@forage/lexicon';
import { excerpt, fold } from './names.js';

/**
 * A listing item meets one constraint of the request, read at the constraint's own XPath: a price
 * under the bound (in the bound's currency when both state one), a rating at least, a place, a
 * feature (not denied), an author, a category named there.
 */
export function checkConstraint(input: {
  claim: Claim;
  nodeText: string | undefined;
}): CheckResult | undefined {
  const constraint = input.claim.constraint;
  if (!constraint) return undefined;
  const name = 'constraint';
  const { nodeText } = input;
  const fail = (detail: string): CheckResult => ({
    name,
    passed: false,
    detail: `${constraint.item}: ${detail}`,
  });
  const pass = (detail: string): CheckResult => ({
    name,
    passed: true,
    detail: `${constraint.item}: ${detail}`,
  });
  if (nodeText === undefined) return fail('no node text to check the constraint on');
  if (constraint.kind === 'max' || constraint.kind === 'min') {
    const bound = constraint.bound;
    if (bound === undefined) return fail(`a ${constraint.kind} constraint without a bound`);
    const claimed = numbersIn(input.claim.text)[0];
    const read = numbersIn(nodeText).find(
      (m) => claimed === undefined || Math.abs(m.amount - claimed.amount) < 0.005,
    );
    if (!read) return fail(`no ${constraint.attribute} is stated at its node ("${excerpt(nodeText)}")`);
    if (constraint.currency && read.currency && read.currency !== constraint.currency.toUpperCase())
      return fail(
        `${constraint.attribute} ${read.raw} is in ${read.currency}, the bound in ${constraint.currency}`,
      );
    const ok = constraint.kind === 'max' ? read.amount <= bound : read.amount >= bound;
    const word = constraint.kind === 'max' ? 'at most' : 'at least';
    return ok
      ? pass(`${constraint.attribute} ${read.raw} is ${word} ${String(bound)}`)
      : fail(`${constraint.attribute} ${read.raw} is not ${word} ${String(bound)}`);
  }
  const wanted = constraint.text ?? input.claim.text;
  const folded = fold(nodeText);
  const at = folded.indexOf(fold(wanted));
  if (at < 0)
    return fail(`the node does not name the ${constraint.kind} "${wanted}" ("${excerpt(nodeText)}")`);
  const bounds = ['. ', '; ', ' · ', ', ', ' | ', '\n'];
  const clauseStart = Math.max(...bounds.map((b) => folded.lastIndexOf(b, at)), -1);
  const end = at + wanted.length;
  const ends = bounds.map((b) => folded.indexOf(b, end)).filter((i) => i >= 0);
  const clauseEnd = Math.min(end + 20, ...ends);
  const cue = negationIn(folded.slice(clauseStart < 0 ? 0 : clauseStart, clauseEnd));
  if (cue) return fail(`the node denies the ${constraint.kind} "${wanted}" ("${cue}")`);
  return pass(`the node names the ${constraint.kind} "${wanted}"`);
}
