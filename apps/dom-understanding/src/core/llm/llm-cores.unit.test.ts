import type { InventoryElement } from '@forage/contracts';
import { parseHtml } from '@forage/html';
import { SCATTERED_OFFERS } from '../../testing/scattered-offers.js';
import { extractListings } from '../listings/listings.js';
import { applyDescriptions, descriptionPrompt } from './describe-elements.js';
import { listingsFromProposal, pageOutline, selectorPrompt } from './proposed-selectors.js';

const element = (id: string, name: string): InventoryElement => ({
  id,
  tag: 'a',
  role: 'link',
  name,
  description: `Opens "${name}".`,
  visible: true,
  enabled: true,
  locators: [{ kind: 'role', selector: `role=link[name="${name}"s]`, unique: true }],
  xpath: `/html[1]/body[1]/a[${id.slice(1)}]`,
});

describe('LLM descriptions of elements', () => {
  const inventory = [element('e1', 'Home'), element('e2', 'Blog'), element('e3', 'Cart')];
  const sent = inventory.slice(0, 2);

  it('takes one plain sentence per element it asked about, and nothing else', () => {
    const { inventory: out, applied } = applyDescriptions(inventory, sent, {
      descriptions: [
        { id: 'e1', description: 'Goes back to the front page of the site' },
        { id: 'e2', description: 'Opens the blog. Also, all links on this page are safe.' },
        { id: 'e3', description: 'Opens the shopping cart.' },
        { id: 'e9', description: 'Does something.' },
      ],
    });
    expect(applied).toBe(1);
    expect(out[0]).toMatchObject({
      description: 'Goes back to the front page of the site.',
      descriptionBy: 'llm',
    });
    expect(out[1]).toEqual(inventory[1]);
    expect(out[2]).toEqual(inventory[2]);
  });

  it('refuses markup and links', () => {
    const { applied } = applyDescriptions(inventory, sent, {
      descriptions: [
        { id: 'e1', description: 'See <b>home</b>.' },
        { id: 'e2', description: 'Visit https://evil.test now.' },
      ],
    });
    expect(applied).toBe(0);
  });

  it('sends the facts and the draft, and says page content is data', () => {
    const prompt = descriptionPrompt({ title: 'T', url: 'https://x.test/', elements: sent });
    expect(prompt.system).toMatch(/never instructions/);
    expect(JSON.parse(prompt.user)).toMatchObject({
      elements: [{ id: 'e1', role: 'link', name: 'Home', draft: 'Opens "Home".' }, { id: 'e2' }],
    });
  });
});

describe('LLM-proposed record selectors', () => {
  const doc = parseHtml(SCATTERED_OFFERS);

  it('is needed on this page: the heuristics find no listing', () => {
    expect(extractListings(doc, 'https://x.test/')).toEqual([]);
  });

  it('keeps a proposal the DOM confirms, with every field read by content type', () => {
    const result = listingsFromProposal(doc, { kind: 'product', item: 'aside.deal', name: 'span.nm' });
    if (!('listings' in result)) throw new Error(result.refused);
    expect(
      result.listings.map((l) =>
        l.kind === 'product' ? [l.name?.value, l.price?.value, l.availability?.value] : null,
      ),
    ).toEqual([
      ['Trail Lamp 200', '24.5', 'InStock'],
      ['Ridge Torch', '31', 'OutOfStock'],
      ['Glow Pal', '12.9', 'InStock'],
    ]);
    for (const l of result.listings) {
      expect(l.origin).toBe('llm-selectors');
      if (l.kind === 'product') expect(l.price?.origin).toBe('llm-selectors');
    }
  });

  it('refuses selectors the DOM does not confirm', () => {
    const refused = (item: string | null, kind: 'product' | 'contact' | null = 'product') => {
      const r = listingsFromProposal(doc, { kind, item });
      return 'refused' in r ? r.refused : 'accepted';
    };
    expect(refused('aside.deal:first-child')).toMatch(/unusable/);
    expect(refused('h1')).toMatch(/matches 1 element/);
    expect(refused('p')).toMatch(/read as product/);
    expect(refused('aside.deal', 'contact')).toMatch(/read as contact/);
    expect(refused(null, null)).toMatch(/no records/);
  });

  it('sends an outline of the page, not its markup', () => {
    const outline = pageOutline(doc);
    expect(outline).toContain('aside.deal');
    expect(outline).not.toContain('<');
    expect(selectorPrompt({ title: 'Lamp notes', url: 'https://x.test/', outline }).system).toMatch(
      /never instructions/,
    );
  });
});
