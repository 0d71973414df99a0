import type {
  CommandReply,
  InventoryElement,
  Observation,
  ObserveQuery,
  ObservedElement,
  observeSession,
} from '@forage/contracts';

/** Options of a select shown at most, so one long list cannot fill an agent's context. */
const MAX_OPTIONS = 25;

/** An inventory element as an agent needs it: identity, state, and the most stable locator. */
export function compactElement(el: InventoryElement): ObservedElement {
  return {
    id: el.id,
    role: el.role,
    name: el.name,
    tag: el.tag,
    ...(el.type !== undefined ? { type: el.type } : {}),
    locator: el.locators[0]?.selector ?? `xpath=${el.xpath}`,
    visible: el.visible,
    enabled: el.enabled,
    ...(el.required !== undefined ? { required: el.required } : {}),
    ...(el.checked !== undefined ? { checked: el.checked } : {}),
    ...(el.expanded !== undefined ? { expanded: el.expanded } : {}),
    ...(el.value !== undefined ? { value: el.value } : {}),
    ...(el.options !== undefined ? { options: el.options.slice(0, MAX_OPTIONS) } : {}),
    ...(el.form !== undefined ? { form: el.form } : {}),
  };
}

/**
 * One page of an observation: the elements (visible ones first, in page order) and the main
 * text sliced by the query, each with the offset to ask for next.
 */
export function pageOfObservation(input: {
  session: { sessionId: string; runId: string };
  seen: CommandReply<typeof observeSession>;
  inventory: readonly InventoryElement[];
  query: ObserveQuery;
}): Observation {
  const { seen, query } = input;
  const ordered = [...input.inventory.filter((e) => e.visible), ...input.inventory.filter((e) => !e.visible)];
  const items = ordered.slice(query.offset, query.offset + query.limit).map(compactElement);
  const elementsEnd = query.offset + items.length;
  const content = seen.mainText.slice(query.textOffset, query.textOffset + query.textLimit);
  const textEnd = query.textOffset + content.length;
  return {
    sessionId: input.session.sessionId,
    runId: input.session.runId,
    url: seen.url,
    title: seen.title,
    logRecordId: seen.logRecordId,
    evidence: seen.evidence,
    elements: {
      total: ordered.length,
      offset: query.offset,
      items,
      nextOffset: elementsEnd < ordered.length ? elementsEnd : null,
    },
    text: {
      total: seen.mainText.length,
      offset: query.textOffset,
      content,
      nextOffset: textEnd < seen.mainText.length ? textEnd : null,
    },
  };
}
