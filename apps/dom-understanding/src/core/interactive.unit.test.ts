import { findInteractive } from './interactive.js';

const page = (body: string): string =>
  `<!DOCTYPE html><html><head><title>T</title></head><body>${body}</body></html>`;
const only = (body: string) => {
  const found = findInteractive(page(body));
  expect(found).toHaveLength(1);
  return found[0];
};

describe('findInteractive: which elements', () => {
  it('finds links, buttons, form controls, summaries and ARIA widgets in document order', () => {
    const found = findInteractive(
      page(`<a href="/a">Home</a><a name="anchor">not a link</a><button>Go</button>
      <input type="text" name="q"><input type="hidden" name="csrf" value="x"><input type="checkbox" id="c">
      <select name="s"><option>One</option></select><textarea name="t"></textarea>
      <details><summary>More</summary></details><div role="button">Custom</div><span role="tab">Tab</span>
      <div contenteditable="true">Edit me</div><div onclick="x()">plain div</div>`),
    );
    expect(found.map((f) => [f.tag, f.role])).toEqual([
      ['a', 'link'],
      ['button', 'button'],
      ['input', 'textbox'],
      ['input', 'checkbox'],
      ['select', 'combobox'],
      ['textarea', 'textbox'],
      ['summary', 'button'],
      ['div', 'button'],
      ['span', 'tab'],
      ['div', 'textbox'],
    ]);
    expect(found.map((f) => f.id)).toEqual(['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8', 'e9', 'e10']);
  });

  it('maps input types to their roles', () => {
    const types = ['search', 'email', 'number', 'range', 'radio', 'submit', 'image', 'password', 'date'];
    const found = findInteractive(page(types.map((t) => `<input type="${t}" name="${t}">`).join('')));
    expect(found.map((f) => f.role)).toEqual([
      'searchbox',
      'textbox',
      'spinbutton',
      'slider',
      'radio',
      'button',
      'button',
      'textbox',
      'textbox',
    ]);
  });

  it('skips hidden subtrees and elements, but not navigation chrome', () => {
    const found = findInteractive(
      page(`<nav><a href="/hotels">Hotels</a></nav><div hidden><button>Hidden</button></div>
      <a href="/x" style="display:none">gone</a><button aria-hidden="true">aria</button>
      <template><button>template</button></template><noscript><a href="/n">noscript</a></noscript>`),
    );
    expect(found.map((f) => f.name)).toEqual(['Hotels']);
  });

  it('stops at the maximum', () => {
    const links = Array.from({ length: 20 }, (_, i) => `<a href="/p${i}">Page ${i}</a>`).join('');
    expect(findInteractive(page(links), { max: 5 }).map((f) => f.name)).toEqual([
      'Page 0',
      'Page 1',
      'Page 2',
      'Page 3',
      'Page 4',
    ]);
  });
});

describe('findInteractive: accessible names', () => {
  it('prefers aria-labelledby, then aria-label, over content', () => {
    expect(
      only('<span id="l1">Close</span><span id="l2">dialog</span><button aria-labelledby="l1 l2">×</button>')
        ?.name,
    ).toBe('Close dialog');
    expect(only('<button aria-label="Close">×</button>')?.name).toBe('Close');
  });

  it('names inputs by <label for>, then by a wrapping label without the control’s own text', () => {
    expect(
      only(
        '<label for="email">Email address</label><input id="email" type="email" placeholder="you@example.com">',
      )?.name,
    ).toBe('Email address');
    expect(only('<label>Country <select name="c"><option>France</option></select></label>')?.name).toBe(
      'Country',
    );
  });

  it('falls back to placeholder, then title', () => {
    expect(only('<input name="q" placeholder="Search hotels" title="Search">')?.name).toBe('Search hotels');
    expect(only('<input name="q" title="Search">')?.name).toBe('Search');
  });

  it('names links and buttons by their text, images contributing alt text', () => {
    expect(only('<a href="/"><img src="logo.png" alt="Acme home"></a>')?.name).toBe('Acme home');
    expect(only('<a href="/r">Read  the\n <b>full</b> review</a>')?.name).toBe('Read the full review');
  });

  it('names button inputs by their value or default caption', () => {
    expect(only('<input type="submit" value="Send message">')?.name).toBe('Send message');
    expect(only('<input type="submit">')?.name).toBe('Submit');
    expect(only('<input type="image" src="go.png" alt="Search now">')?.name).toBe('Search now');
  });

  it('decodes entities in names', () => {
    expect(only('<a href="/t">Terms &amp; conditions</a>')?.name).toBe('Terms & conditions');
  });
});

describe('findInteractive: locators', () => {
  it('prefers a unique CSS-safe id', () => {
    expect(only('<button id="book-now">Book</button>')?.locator).toBe('#book-now');
  });

  it('falls back to a unique tag + name when the id is duplicated or not CSS-safe', () => {
    const found = findInteractive(
      page('<input id="dup" name="first"><input id="dup" name="last"><input id="1st" name="x y">'),
    );
    expect(found.map((f) => f.locator)).toEqual([
      'input[name="first"]',
      'input[name="last"]',
      'input[name="x y"]',
    ]);
  });

  it('uses an exact role locator when role and name are unique on the page', () => {
    const found = findInteractive(
      page('<a href="/a">Hotels</a><a href="/b">Say "hi"</a><button>Hotels</button>'),
    );
    expect(found.map((f) => f.locator)).toEqual([
      'role=link[name="Hotels"s]',
      'role=link[name="Say \\"hi\\""s]',
      'role=button[name="Hotels"s]',
    ]);
  });

  it('falls back to the XPath when nothing else is unique', () => {
    const found = findInteractive(
      page(
        '<ul><li><a href="/1">More</a></li><li><a href="/2">More</a></li></ul><input type="radio" name="r"><input type="radio" name="r">',
      ),
    );
    expect(found.map((f) => f.locator)).toEqual([
      'xpath=/html[1]/body[1]/ul[1]/li[1]/a[1]',
      'xpath=/html[1]/body[1]/ul[1]/li[2]/a[1]',
      'xpath=/html[1]/body[1]/input[1]',
      'xpath=/html[1]/body[1]/input[2]',
    ]);
    expect(found.map((f) => f.xpath)).toEqual(found.map((f) => f.locator.replace(/^xpath=/, '')));
  });

  it('never builds a role locator from a placeholder or for a control without an ARIA role', () => {
    const found = findInteractive(
      page('<input placeholder="Search"><input type="password" aria-label="Password">'),
    );
    expect(found.map((f) => f.locator)).toEqual([
      'xpath=/html[1]/body[1]/input[1]',
      'xpath=/html[1]/body[1]/input[2]',
    ]);
  });
});
