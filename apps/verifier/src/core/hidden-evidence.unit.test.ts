import { aClaim, anEvidenceRef } from '@forage/testing';
import { SnapshotPage } from './page/snapshot-page.js';
import { readSnippetAtXPath } from './snippet-at-xpath.js';

/** A stored snapshot as the render writes it: the second price was invisible on the page (stamped with why). */
const HTML = `<!doctype html><html><head><title>Room rates</title></head><body><main>
<p>Standard room: $180 a night.</p>
<p data-forage-hidden="colour">Standard room: $20 a night.</p>
<div data-forage-hidden="off-page"><p>Suite: $25 a night.</p></div>
</main></body></html>`;

const page = new SnapshotPage(HTML);

function reading(xpath: string, text: string, snippet: string): { passed: boolean; detail: string } {
  const claim = aClaim({
    text,
    source: {
      url: 'https://rates.example/rooms',
      xpath,
      snippet,
      domSnapshot: anEvidenceRef(),
      logRecordId: '3f1c2b8e-9a4d-4c6b-8e2f-1a2b3c4d5e6f',
    },
  });
  const { check } = readSnippetAtXPath({ claim, page });
  return { passed: check.passed, detail: check.detail };
}

describe('a claim whose node a person could not see', () => {
  it('verifies the visible value', () => {
    expect(reading('/html/body/main/p[1]', '$180', 'Standard room: $180 a night.').passed).toBe(true);
  });

  it('is refused, naming why the node is hidden', () => {
    const hidden = reading('/html/body/main/p[2]', '$20', 'Standard room: $20 a night.');
    expect(hidden.passed).toBe(false);
    expect(hidden.detail).toContain('hidden from a person: not visible on the rendered page (colour)');
  });

  it('is refused when an ancestor is hidden', () => {
    const hidden = reading('/html/body/main/div/p', '$25', 'Suite: $25 a night.');
    expect(hidden.passed).toBe(false);
    expect(hidden.detail).toContain('(off-page)');
  });

  it('leaves the hidden text out of the page text', () => {
    expect(page.text).toContain('$180');
    expect(page.text).not.toContain('$20');
    expect(page.text).not.toContain('$25');
  });
});
