import { parseHtml } from '@forage/html';
import { parseSelector, selectAll, UnsupportedSelectorError } from './simple-selector.js';

const doc =
  parseHtml(`<main id="m"><ul class="results grid"><li class="card"><h3 class="t">A</h3><p data-k="p">1</p></li>
<li class="card featured"><div><h3 class="t">B</h3></div></li></ul><h3 class="t">Outside</h3></main>`);

describe('simple selectors', () => {
  it('matches tags, classes, ids, attributes and both combinators', () => {
    expect(selectAll(doc, 'li.card')).toHaveLength(2);
    expect(selectAll(doc, 'ul.results.grid > li.featured')).toHaveLength(1);
    expect(selectAll(doc, '#m .card h3.t')).toHaveLength(2);
    expect(selectAll(doc, 'li.card > h3')).toHaveLength(1);
    expect(selectAll(doc, '[data-k="p"]')).toHaveLength(1);
    expect(selectAll(doc, '*[data-k]')).toHaveLength(1);
  });

  it('queries below a card only', () => {
    const [first, second] = selectAll(doc, 'li.card');
    expect(first && selectAll(first, 'h3.t').length).toBe(1);
    expect(second && selectAll(second, 'div > h3').length).toBe(1);
    // the card itself is not an ancestor inside its own query
    expect(first && selectAll(first, 'li h3').length).toBe(0);
  });

  it('refuses what it cannot evaluate instead of guessing', () => {
    for (const s of ['li:first-child', 'a + b', 'a, b', 'li ~ li', '', '> li', 'li >'])
      expect(() => parseSelector(s)).toThrow(UnsupportedSelectorError);
  });
});
