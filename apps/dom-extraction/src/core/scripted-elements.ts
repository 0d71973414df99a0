import { scriptedElementSchema, type ScriptedElement } from '@forage/contracts';

/** Listener types that make an element something a person can operate. */
export const SCRIPTED_EVENTS = [
  'click',
  'dblclick',
  'mousedown',
  'mouseup',
  'pointerdown',
  'pointerup',
  'keydown',
  'keyup',
  'keypress',
  'touchstart',
  'touchend',
] as const;

/** The contract's cap on elements per snapshot. */
export const MAX_SCRIPTED_ELEMENTS = 500;

/**
 * What the page reported, untrusted (a page can tamper with anything that runs in it): each entry
 * clipped to the contract's limits and validated; anything malformed is dropped.
 */
export function toScriptedElements(unvalidated: readonly unknown[]): ScriptedElement[] {
  const elements: ScriptedElement[] = [];
  for (const entry of unvalidated.slice(0, MAX_SCRIPTED_ELEMENTS)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { xpath, tag, name, events } = entry as Record<string, unknown>;
    const parsed = scriptedElementSchema.safeParse({
      xpath,
      tag: typeof tag === 'string' ? tag.slice(0, 50) : tag,
      name: typeof name === 'string' ? name.slice(0, 300) : name,
      events: Array.isArray(events) ? events.slice(0, 20) : events,
    });
    if (parsed.success) elements.push(parsed.data);
  }
  return elements;
}
