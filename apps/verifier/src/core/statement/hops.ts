import type { CheckResult, Claim } from '@forage/contracts';
import { excerpt, namesEntity } from './names.js';

/**
 * A nested question's chain: a hop holds only when every earlier hop of its chain is verified on
 * its own and each hop's value is the next hop's subject. Checked after every claim's own checks,
 * with which claims passed them. A chain whose earlier hops are missing is not resolved: its last
 * hop would answer about an entity nobody has shown to be the one asked.
 */
export function checkHops(input: {
  claims: readonly Claim[];
  passedOwnChecks: ReadonlySet<string>;
}): Map<string, CheckResult> {
  const out = new Map<string, CheckResult>();
  const chains = new Map<string, Claim[]>();
  for (const claim of input.claims) {
    if (!claim.hop) continue;
    chains.set(claim.hop.chain, [...(chains.get(claim.hop.chain) ?? []), claim]);
  }
  for (const [chain, hops] of chains) {
    for (const claim of hops) {
      const hop = claim.hop;
      if (!hop) continue;
      const earlier = [];
      let problem: string | undefined;
      for (let i = 1; i < hop.index; i += 1) {
        const prior = hops.find((h) => h.hop?.index === i);
        if (!prior) {
          problem = `hop ${String(i)} of ${String(hop.of)} in chain ${chain} has no claim: the subject "${claim.subject?.asked ?? '?'}" is not resolved`;
          break;
        }
        if (!input.passedOwnChecks.has(prior.claimId)) {
          problem = `hop ${String(i)} ("${excerpt(prior.text)}") is not verified`;
          break;
        }
        earlier.push(prior);
      }
      const previous = earlier.at(-1);
      const subject = claim.subject?.asked;
      if (!problem && previous && (subject === undefined || !namesEntity(subject, previous.text)))
        problem = `hop ${String(hop.index - 1)}'s value "${excerpt(previous.text)}" is not this hop's subject "${subject ?? '(none)'}"`;
      if (!problem && hop.index < hop.of) {
        const next = hops.find((h) => h.hop?.index === hop.index + 1);
        if (!next)
          problem = `hop ${String(hop.index)} of ${String(hop.of)}: an intermediate value, never the answer`;
      }
      out.set(
        claim.claimId,
        problem
          ? { name: 'hops', passed: false, detail: problem }
          : {
              name: 'hops',
              passed: true,
              detail: `hop ${String(hop.index)} of ${String(hop.of)} in chain ${chain} holds`,
            },
      );
    }
  }
  return out;
}
