import type { ActionFailureCategory } from '@forage/contracts';

/** An action that did not do what was asked: why, in one category, and a short account. */
export interface ActionFailure {
  readonly category: ActionFailureCategory;
  readonly message: string;
}

/**
 * The category of a browser error, read from Playwright's message and call log. Playwright keeps
 * retrying actionability until its timeout, so a timeout whose log says why it waited is
 * reported as that reason (not visible, disabled, detached) rather than as a plain timeout.
 */
export function categorizeBrowserError(message: string): ActionFailureCategory {
  const text = message.toLowerCase();
  if (/net::err_blocked_by_client|blockedbyclient|egress denied/.test(text)) return 'blocked';
  if (/net::err_|navigation failed|page\.goto|frame was detached during navigation|page\.goback/.test(text))
    return text.includes('timeout') ? 'timeout' : 'navigation_failed';
  if (/not attached to the dom|element is detached|element was detached|not connected/.test(text))
    return 'detached';
  if (/element is not enabled|element is disabled|not editable/.test(text)) return 'disabled';
  if (/element is not visible|element is outside of the viewport|intercepts pointer events/.test(text))
    return 'not_visible';
  if (
    /waiting for (locator|get_by|getby)|resolved to 0 elements|no element matches/.test(text) &&
    text.includes('timeout')
  )
    return 'not_found';
  if (/timeout \d+ms exceeded|timed out/.test(text)) return 'timeout';
  if (
    /not an? <?(input|select|textarea)|not a checkbox|does not have a role allowing|cannot (set|type)/.test(
      text,
    )
  )
    return 'not_applicable';
  return 'unexpected';
}
