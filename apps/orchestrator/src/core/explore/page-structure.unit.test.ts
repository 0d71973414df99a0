import { searchFormPlan, taskFormPlan } from './form-actions.js';
import { readPageStructure } from './page-structure.js';

const page = (body: string) => readPageStructure(`<html><body>${body}</body></html>`, 'http://site.test/a/b');

describe('page structure read from a captured DOM', () => {
  it('finds collapsed disclosures by their semantics, whatever their words', () => {
    const s = page(`
      <button aria-expanded="false">Zeigen</button>
      <button aria-expanded="true">Open already</button>
      <details><summary>Plus</summary><p>x</p></details>
      <details open><summary>Open details</summary></details>
      <button aria-controls="panel">Toggle</button><div id="panel" hidden>y</div>
      <button>Show more details</button>`);
    expect(s.disclosures.map((d) => d.name)).toEqual(['Zeigen', 'Plus', 'Toggle']);
  });

  it('leaves disclosures that open menus or other items: unnamed, in the chrome, in a related rail', () => {
    const s = page(`
      <header><button aria-expanded="false">Menu</button></header>
      <nav><button aria-expanded="false">Categories</button></nav>
      <main><button aria-expanded="false"><svg></svg></button>
        <button aria-expanded="false" aria-label="Delivery and returns"><svg></svg></button>
        <div class="related-products"><button aria-expanded="false">More like this</button></div>
        <details><summary>Specifications</summary><p>x</p></details></main>`);
    expect(s.disclosures.map((d) => d.name)).toEqual(['Delivery and returns', 'Specifications']);
  });

  it('resolves links, marks pagination and chrome, skips hidden ones', () => {
    const s = page(
      `<nav><a href="/">Home</a></nav><main><a href="c?page=2" rel="next">2</a><a href="/x">X</a><a hidden href="/h">H</a></main>`,
    );
    expect(s.links.map((l) => [l.url, l.next, l.chrome])).toEqual([
      ['http://site.test/', false, true],
      ['http://site.test/a/c?page=2', true, false],
      ['http://site.test/x', false, false],
    ]);
  });

  it("fills a search form from the constraints by the form's own semantics and submits it", () => {
    const s =
      page(`<form action="/s" method="get"><label for="c">Where</label><select id="c" name="c"><option value="">Any</option><option value="bes">Besby</option></select>
      <label for="p">Max. price per night</label><input type="number" id="p" name="p">
      <label><input type="checkbox" name="k"> Free parking only</label><button type="submit">Go</button></form>`);
    const plan = searchFormPlan(s.forms, {
      noun: 'hotels',
      place: 'Besby',
      maxPrice: 150,
      features: ['free parking'],
    });
    expect(plan?.actions.map((a) => a.type)).toEqual(['select', 'fill', 'check', 'click']);
    expect(plan?.actions[0]).toMatchObject({ type: 'select', value: 'bes' });
    expect(plan?.actions[1]).toMatchObject({ type: 'fill', value: '150' });
  });

  it("maps the user's values to a task form by meaning, and does not submit what lacks a required field", () => {
    const s = page(`<form method="post"><label for="n">Your name</label><input id="n" name="n" required>
      <label for="e">E-mail</label><input type="email" id="e" name="e" required>
      <label for="m">How can we help?</label><textarea id="m" name="m" required></textarea><button>Send</button></form>`);
    const full = taskFormPlan(s.forms, {
      verb: 'send',
      submit: true,
      fields: [
        { label: 'email', value: 'a@b.org' },
        { label: 'name', value: 'Ada' },
        { label: 'message', value: 'Hi' },
      ],
    });
    expect(full?.described).toEqual([
      'E-mail = "a@b.org"',
      'Your name = "Ada"',
      'How can we help? = "Hi"',
      'submit "Send"',
    ]);
    const partial = taskFormPlan(s.forms, {
      verb: 'send',
      submit: true,
      fields: [{ label: 'name', value: 'Ada' }],
    });
    expect(partial?.submits).toBe(false);
    expect(partial?.missing).toEqual(['E-mail', 'How can we help?']);
  });
});
