import type { InventoryElement } from '@forage/contracts';
import { pageOfObservation } from './observation.js';

const element = (id: string, visible = true): InventoryElement => ({
  id,
  tag: 'input',
  role: 'textbox',
  name: `Field ${id}`,
  description: 'Type text',
  visible,
  enabled: true,
  locators: [{ kind: 'label', selector: `internal:label="Field ${id}"`, unique: true }],
  xpath: `/html/body/input[${id}]`,
});

const seen = {
  sessionId: 's',
  url: 'http://127.0.0.1/form',
  title: 'Form',
  logRecordId: '00000000-0000-4000-8000-000000000000',
  evidence: {
    domSnapshot: { sha256: 'a'.repeat(64), kind: 'dom_snapshot' as const, size: 1, contentType: 'text/html' },
    screenshot: null,
  },
  mainText: 'abcdefghij',
  truncated: false,
};
const session = { sessionId: 's', runId: 'r' };

describe('pageOfObservation', () => {
  it('pages the elements, visible ones first, with the offset of the next page', () => {
    const inventory = [element('1', false), element('2'), element('3')];
    const first = pageOfObservation({
      session,
      seen,
      inventory,
      query: { offset: 0, limit: 2, textOffset: 0, textLimit: 4 },
    });
    expect(first.elements.items.map((e) => e.id)).toEqual(['2', '3']);
    expect(first.elements.items[0]?.locator).toBe('internal:label="Field 2"');
    expect(first.elements.nextOffset).toBe(2);
    const last = pageOfObservation({
      session,
      seen,
      inventory,
      query: { offset: 2, limit: 2, textOffset: 0, textLimit: 4 },
    });
    expect(last.elements.items.map((e) => e.id)).toEqual(['1']);
    expect(last.elements.nextOffset).toBeNull();
  });

  it('slices the main text and says where the rest starts', () => {
    const query = { offset: 0, limit: 10, textOffset: 4, textLimit: 4 };
    const page = pageOfObservation({ session, seen, inventory: [], query });
    expect(page.text).toEqual({ total: 10, offset: 4, content: 'efgh', nextOffset: 8 });
    const end = pageOfObservation({ session, seen, inventory: [], query: { ...query, textOffset: 8 } });
    expect(end.text.nextOffset).toBeNull();
  });
});
