import type { Page } from 'playwright-core';
import type { ScriptedElement } from '@forage/contracts';
import { MAX_SCRIPTED_ELEMENTS, SCRIPTED_EVENTS, toScriptedElements } from '../core/scripted-elements.js';
import { bounded } from './bounded.js';
import { cdpFor } from './cdp-session.js';
import { findScriptedElements, type ScriptedScan } from './in-page/find-scripted.js';

export interface ListenerScan {
  readonly elements: ScriptedElement[];
  readonly inspected: number;
  readonly complete: boolean;
}

/**
 * Elements that react to input only through JavaScript listeners, found over CDP: one
 * `Runtime.evaluate` with the DevTools command-line API walks the DOM and asks
 * `getEventListeners` (DOMDebugger's lookup) of each candidate. At most `maxNodes` elements are
 * inspected and `maxMs` spent, in the page (CDP's own evaluation timeout) and here.
 */
export async function scanListeners(
  page: Page,
  limits: { maxNodes: number; maxMs: number },
): Promise<ListenerScan> {
  if (limits.maxNodes === 0) return { elements: [], inspected: 0, complete: false };
  const cdp = await cdpFor(page);
  const args = {
    maxNodes: limits.maxNodes,
    maxMs: limits.maxMs,
    maxFound: MAX_SCRIPTED_ELEMENTS,
    events: [...SCRIPTED_EVENTS],
  };
  const reply = await bounded({
    call: cdp.send('Runtime.evaluate', {
      expression: `(${findScriptedElements.toString()})(${JSON.stringify(args)})`,
      includeCommandLineAPI: true,
      returnByValue: true,
      timeout: limits.maxMs * 2,
    }),
    ms: limits.maxMs * 2 + 1_000,
    what: 'looking for scripted elements',
  });
  const value: unknown = reply.result.value;
  if (reply.exceptionDetails || typeof value !== 'object' || value === null)
    return { elements: [], inspected: 0, complete: false };
  const scan = value as Partial<ScriptedScan>;
  return {
    elements: toScriptedElements(Array.isArray(scan.found) ? scan.found : []),
    inspected: typeof scan.inspected === 'number' ? scan.inspected : 0,
    complete: scan.complete === true,
  };
}
