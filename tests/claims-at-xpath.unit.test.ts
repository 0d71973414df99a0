import { parseHtml } from '@forage/html';
import { generateSandbox } from '@forage/sandbox';
import { aClaim, anEvidenceRef } from '@forage/testing';
import type { Claim } from '@forage/contracts';
import { chunkDocument } from '../apps/dom-understanding/src/core/chunks.js';
import { extractListings } from '../apps/dom-understanding/src/core/listings/listings.js';
import { SnapshotPage } from '../apps/verifier/src/core/page/snapshot-page.js';
import { readSnippetAtXPath } from '../apps/verifier/src/core/snippet-at-xpath.js';

/**
 * The verifier reads a node's text with the same text model dom-understanding cuts chunks and
 * listing fields from, so every chunk and every listing field it produces is found at its own
 * XPath, and a chunk's snippet is not found at another chunk's XPath that does not hold it. Pages:
 * a sandbox web generated with a seed the other tests do not use, and hand-written listing markup.
 */
describe('claims cut by dom-understanding verify at their XPath', () => {
  const web = generateSandbox({ seed: 90_210 });
  const pages = web.sites.flatMap((site) =>
    [...site.pages.values()]
      .filter((p) => p.contentType.startsWith('text/html'))
      .slice(0, 25)
      .map((p) => ({ url: `http://${site.name}.test${p.path}`, html: p.body })),
  );

  const claimAt = (xpath: string, text: string, snippet: string): Claim =>
    aClaim({
      text,
      source: {
        url: 'http://sandbox.test/',
        xpath,
        snippet,
        domSnapshot: anEvidenceRef(),
        logRecordId: '3f1c2b8e-9a4d-4c6b-8e2f-1a2b3c4d5e6f',
      },
    });

  it('finds every content chunk at its XPath, and not at a neighbour that lacks it', () => {
    let checked = 0;
    let misplaced = 0;
    for (const { html } of pages) {
      const page = new SnapshotPage(html);
      const chunks = chunkDocument(html);
      chunks.forEach((chunk, i) => {
        const reading = readSnippetAtXPath({ claim: claimAt(chunk.xpath, chunk.text, chunk.text), page });
        expect({ xpath: chunk.xpath, text: chunk.text, ...reading.check }).toMatchObject({ passed: true });
        checked += 1;
        const other = chunks[(i + 1) % chunks.length];
        const otherText = other ? page.textAt(other.xpath) : undefined;
        if (other && otherText?.found && !otherText.text.includes(chunk.text.replace(/\s+/g, ' '))) {
          const moved = readSnippetAtXPath({ claim: claimAt(other.xpath, chunk.text, chunk.text), page });
          expect(moved.check.passed).toBe(false);
          misplaced += 1;
        }
      });
    }
    expect(pages.length).toBeGreaterThan(30);
    expect(checked).toBeGreaterThan(300);
    expect(misplaced).toBeGreaterThan(100);
  });

  it('finds every listing field dom-understanding reads at its XPath', () => {
    const listingPages = [
      ...pages,
      {
        url: 'https://shop.example/kettles',
        html: `<html><head><script type="application/ld+json">[{"@type":"Product","name":"Steel Kettle",
          "offers":{"@type":"Offer","price":"34.50","priceCurrency":"EUR"}},
          {"@type":"Product","name":"Glass Kettle","offers":{"@type":"Offer","price":"41.00","priceCurrency":"EUR"}}]</script>
          </head><body><ul>
          <li itemscope itemtype="https://schema.org/Product"><h3 itemprop="name">Copper Kettle</h3>
            <span itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="EUR">
            <span itemprop="price" content="58.00">€58</span></span></li>
          <li itemscope itemtype="https://schema.org/Product"><h3 itemprop="name">Iron Kettle</h3>
            <span itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="EUR">
            <span itemprop="price" content="72.00">€72</span></span></li></ul></body></html>`,
      },
    ];
    let fields = 0;
    for (const { url, html } of listingPages) {
      const page = new SnapshotPage(html);
      for (const listing of extractListings(parseHtml(html), url)) {
        for (const [name, value] of Object.entries(listing)) {
          if (!isField(value)) continue;
          const reading = readSnippetAtXPath({
            claim: claimAt(value.xpath, value.snippet, value.snippet),
            page,
          });
          expect({ field: name, xpath: value.xpath, snippet: value.snippet, ...reading.check }).toMatchObject(
            {
              passed: true,
            },
          );
          fields += 1;
        }
      }
    }
    expect(fields).toBeGreaterThan(20);
  });
});

function isField(value: unknown): value is { xpath: string; snippet: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { xpath?: unknown }).xpath === 'string' &&
    typeof (value as { snippet?: unknown }).snippet === 'string' &&
    (value as { snippet: string }).snippet.trim() !== ''
  );
}
