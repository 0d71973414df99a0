import type { InteractiveElement } from '@forage/contracts';

/** Names of controls that only disclose more of the same page (accordions, "show more"). */
const DISCLOSE =
  /\b(show|view|see|read|load|display)\b.*\b(more|all|details?|full|indicators|section|table|data)\b|\bexpand\b/i;
/** Controls that change state, leave the page or talk to someone: never clicked to read. */
const NEVER =
  /cookie|consent|accept|reject|agree|subscribe|sign|log ?in|register|buy|cart|checkout|order|pay|submit|send|delete|remove|share|print|download|close|dismiss/i;

/**
 * The buttons worth clicking to read hidden content. Page text is untrusted, so this is a fixed
 * rule over the control's role and name: only disclosure buttons, never anything that acts.
 */
export function findExpanders(interactive: readonly InteractiveElement[], limit = 2): InteractiveElement[] {
  return interactive
    .filter((el) => el.role === 'button' && el.tag !== 'a' && DISCLOSE.test(el.name) && !NEVER.test(el.name))
    .slice(0, limit);
}
