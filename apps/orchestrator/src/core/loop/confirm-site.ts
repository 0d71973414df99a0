import type { InputQuestion } from '@forage/contracts';
import { CONFIRM_SITE_KEY, confirms, originOf } from './task-site.js';
import type { RunState } from './run-state.js';

/**
 * The question that asks the user whether a task that named no site may act on the one the run
 * found (`url`'s site). Asked before any detail goes there; only a yes binds the task to it.
 */
export function confirmSiteQuestion(url: string): InputQuestion {
  return {
    key: CONFIRM_SITE_KEY,
    prompt:
      `The request names no site. Fill in and send the form on ${originOf(url) ?? url} (${url})? Answer yes to go on.`.slice(
        0,
        500,
      ),
    kind: 'text',
    sensitive: false,
  };
}

/**
 * Reads the answer to the confirmation: a yes binds the task to the site; anything else (no
 * answer, a no) ends the task without acting, saying why.
 */
export function settleSiteConfirmation(input: {
  state: RunState;
  url: string;
  answer: string | undefined;
}): boolean {
  const { state, url, answer } = input;
  const origin = originOf(url);
  if (origin && confirms(answer)) {
    state.taskSite = origin;
    return true;
  }
  state.taskEnded = {
    outcome: 'unconfirmed',
    reason: `the request named no site and ${origin ?? url} was not confirmed${answer === undefined ? ' (no answer)' : ''}: nothing was sent`,
  };
  return false;
}
