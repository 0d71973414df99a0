import { normalizeText, visibleText } from '@forage/html';
import { chunkDocument } from './chunks.js';

const page = (body: string): string =>
  `<!DOCTYPE html><html><head><title>T</title></head><body>${body}</body></html>`;
const texts = (html: string): string[] => chunkDocument(html).map((c) => c.text);
const chunkWith = (html: string, needle: string) => {
  const chunk = chunkDocument(html).find((c) => c.text.includes(needle));
  if (!chunk) throw new Error(`no chunk contains "${needle}"`);
  return chunk;
};

describe('chunkDocument: blocks and heading paths', () => {
  const article = page(`
    <main><article>
      <h1>Veloria</h1>
      <p>Veloria is a republic in the Goucis Highlands.</p>
      <section>
        <h2>Geography</h2>
        <p>Veloria borders Ostrania and the sea.</p>
        <h3>Climate</h3>
        <p>Summers are dry and winters are mild.</p>
      </section>
      <section>
        <h2>Demographics</h2>
        <p>At the 2020 census the country counted 1,234,567 inhabitants.</p>
      </section>
    </article></main>`);

  it('gives each paragraph the headings above it, outermost first, and never emits headings as chunks', () => {
    const chunks = chunkDocument(article);
    expect(chunks.map((c) => [c.text, c.headingPath])).toEqual([
      ['Veloria is a republic in the Goucis Highlands.', ['Veloria']],
      ['Veloria borders Ostrania and the sea.', ['Veloria', 'Geography']],
      ['Summers are dry and winters are mild.', ['Veloria', 'Geography', 'Climate']],
      ['At the 2020 census the country counted 1,234,567 inhabitants.', ['Veloria', 'Demographics']],
    ]);
  });

  it('anchors each chunk at the absolute XPath of its source element', () => {
    expect(chunkWith(article, 'Summers').xpath).toBe('/html[1]/body[1]/main[1]/article[1]/section[1]/p[2]');
    expect(chunkWith(article, '1,234,567').xpath).toBe('/html[1]/body[1]/main[1]/article[1]/section[2]/p[1]');
  });

  it('numbers chunk ids in document order', () => {
    expect(chunkDocument(article).map((c) => c.id)).toEqual(['c1', 'c2', 'c3', 'c4']);
  });

  it('closes deeper headings when a shallower one starts and skips missing levels', () => {
    const html = page(
      '<h1>A</h1><h3>A.x</h3><p>under a deep heading without an h2</p><h2>B</h2><p>under B only, not A.x</p>',
    );
    expect(chunkDocument(html).map((c) => c.headingPath)).toEqual([
      ['A', 'A.x'],
      ['A', 'B'],
    ]);
  });

  it('treats role=heading with aria-level as a heading', () => {
    const html = page(
      '<h1>Top</h1><div role="heading" aria-level="2">Prices</div><p>Rooms start at $120 per night.</p>',
    );
    expect(chunkWith(html, '$120').headingPath).toEqual(['Top', 'Prices']);
  });

  it('keeps text around a nested block as separate chunks anchored at their own elements', () => {
    const html = page(
      '<div>Intro text before the list of things. <p>A paragraph inside the div.</p> Tail text after the paragraph.</div>',
    );
    expect(chunkDocument(html).map((c) => [c.text, c.xpath])).toEqual([
      ['Intro text before the list of things.', '/html[1]/body[1]/div[1]'],
      ['A paragraph inside the div.', '/html[1]/body[1]/div[1]/p[1]'],
      ['Tail text after the paragraph.', '/html[1]/body[1]/div[1]'],
    ]);
  });

  it('keeps inline markup inside one chunk without inventing spaces', () => {
    expect(texts(page('<p><b>Velo</b>ria has a <a href="/x">capital</a>, <em>Portavel</em>.</p>'))).toEqual([
      'Veloria has a capital, Portavel.',
    ]);
  });
});

describe('chunkDocument: text clean-up', () => {
  it('decodes named and numeric entities', () => {
    expect(texts(page('<p>Caf&eacute; &amp; bar &#8211; open&nbsp;24&#x2F;7 &lt;daily&gt;</p>'))).toEqual([
      'Café & bar – open 24/7 <daily>',
    ]);
  });

  it('collapses whitespace runs, newlines and <br> into single spaces', () => {
    expect(texts(page('<p>  Line one\n\n\t continues<br>line   two<br/>\u00a0three  </p>'))).toEqual([
      'Line one continues line two three',
    ]);
  });

  it('drops fragments that have no letters or digits', () => {
    expect(texts(page('<p> · </p><p>|</p><p>Real text here, long enough to stand alone.</p>'))).toEqual([
      'Real text here, long enough to stand alone.',
    ]);
  });
});

describe('chunkDocument: what is skipped', () => {
  it('skips script, style, noscript and template content', () => {
    const html = page(`<script>var secret = "script text";</script><style>p { color: red }</style>
      <noscript>Enable JavaScript to continue</noscript><template><p>Template text</p></template>
      <p>Only this paragraph is page content.</p>`);
    expect(texts(html)).toEqual(['Only this paragraph is page content.']);
  });

  it('skips elements hidden by the hidden attribute, aria-hidden and inline display:none or visibility:hidden', () => {
    const html = page(`<p hidden>hidden attribute</p><div aria-hidden="true"><p>aria hidden</p></div>
      <p style="color: red; display : none">display none</p><p style="visibility:hidden">visibility hidden</p>
      <table><tr hidden><th>Secret</th><td>1</td></tr><tr><th>Shown</th><td>2</td></tr></table>
      <p aria-hidden="false">Visible paragraph with aria-hidden false.</p>`);
    expect(texts(html)).toEqual(['Shown: 2', 'Visible paragraph with aria-hidden false.']);
  });

  it('skips hidden inline parts inside a visible paragraph', () => {
    expect(
      texts(page('<p>Price: $120<span style="display:none"> (old: $150)</span> per night.</p>')),
    ).toEqual(['Price: $120 per night.']);
  });

  it('skips page-level nav, header, footer and dialogs but keeps headers and footers of articles', () => {
    const html = page(`
      <div role="dialog" aria-label="Cookie consent"><p>We use cookies to measure how our pages are used.</p></div>
      <header class="site-header"><a href="/">Acme Travel</a><nav><ul><li><a href="/a">Hotels</a></li></ul></nav></header>
      <main><article>
        <header><p class="byline">Written by the Acme editorial team in 2024.</p></header>
        <p>The Grand Hotel has 120 rooms and a rooftop pool.</p>
        <footer><p>Last updated on 3 March 2024 by the editors.</p></footer>
      </article></main>
      <div role="navigation"><p>Next page of the results listing.</p></div>
      <footer><p>© 2024 Acme Travel. All rights reserved.</p></footer>`);
    expect(texts(html)).toEqual([
      'Written by the Acme editorial team in 2024.',
      'The Grand Hotel has 120 rooms and a rooftop pool.',
      'Last updated on 3 March 2024 by the editors.',
    ]);
  });

  it('still takes the page title heading from a page banner', () => {
    const html = page(
      '<header><h1>Veloria</h1><nav><h2>Menu</h2></nav></header><main><h2>History</h2><p>Founded in 1848 by treaty.</p></main>',
    );
    expect(chunkWith(html, '1848').headingPath).toEqual(['Veloria', 'History']);
  });

  it('leaves form controls and labels to the interactive elements', () => {
    const html = page(`<form><label for="q">Search the site</label><input id="q" name="q" value="typed">
      <select><option>Option text</option></select><textarea>draft</textarea><button>Go</button>
      <p>Search tips: use quotes for exact phrases.</p></form>`);
    expect(texts(html)).toEqual(['Search tips: use quotes for exact phrases.']);
  });
});

describe('chunkDocument: tables', () => {
  it('renders infobox rows as "Header: value" anchored at the row', () => {
    const html = page(`<table class="infobox"><caption>Veloria</caption><tbody>
      <tr><th scope="row">Capital</th><td><a href="/wiki/Portavel">Portavel</a></td></tr>
      <tr><th scope="row">Population</th><td>1,234,567 (2020 census)</td></tr>
      <tr><th scope="row">Area (km²)</th><td>45,210</td></tr>
    </tbody></table>`);
    const chunks = chunkDocument(html);
    expect(chunks.map((c) => c.text)).toEqual([
      'Veloria',
      'Capital: Portavel',
      'Population: 1,234,567 (2020 census)',
      'Area (km²): 45,210',
    ]);
    expect(chunks[2]?.xpath).toBe('/html[1]/body[1]/table[1]/tbody[1]/tr[2]');
    expect(chunks[0]?.xpath).toBe('/html[1]/body[1]/table[1]/caption[1]');
  });

  it('pairs each cell with its column header and emits no chunk for the header row', () => {
    const html =
      page(`<h2>Largest cities</h2><table><thead><tr><th>City</th><th>Population (2020)</th><th>Status</th></tr></thead>
      <tbody><tr><td><a href="/p">Portavel</a></td><td>412,000</td><td>Capital</td></tr>
      <tr><td>Dunmere</td><td>98,500</td><td></td></tr></tbody></table>`);
    expect(chunkDocument(html).map((c) => [c.text, c.headingPath])).toEqual([
      ['City: Portavel; Population (2020): 412,000; Status: Capital', ['Largest cities']],
      ['City: Dunmere; Population (2020): 98,500', ['Largest cities']],
    ]);
  });

  it('treats a first row of <th> cells as column headers when there is no <thead>', () => {
    const html = page(
      '<table><tr><th>Room</th><th>Price</th></tr><tr><td>Double</td><td>$140</td></tr></table>',
    );
    expect(texts(html)).toEqual(['Room: Double; Price: $140']);
  });

  it('follows colspan when lining cells up with their headers', () => {
    const html = page(`<table><thead><tr><th>Name</th><th colspan="2">Dates</th><th>Price</th></tr></thead>
      <tbody><tr><td>Tour</td><td>May</td><td>June</td><td>$90</td></tr></tbody></table>`);
    expect(texts(html)).toEqual(['Name: Tour; Dates: May; Dates: June; Price: $90']);
  });

  it('joins the cells of a table without headers with "; "', () => {
    expect(texts(page('<table><tr><td>Monday</td><td>9:00–17:00</td></tr></table>'))).toEqual([
      'Monday; 9:00–17:00',
    ]);
  });

  it('reads a layout table cell by cell instead of as one row', () => {
    const html =
      page(`<table><tr><td><p>First column paragraph with real content.</p><p>Another paragraph in the same cell.</p></td>
      <td><ul><li>Sidebar item one of the layout</li></ul></td></tr></table>`);
    expect(chunkDocument(html).map((c) => [c.text, c.xpath])).toEqual([
      ['First column paragraph with real content.', '/html[1]/body[1]/table[1]/tbody[1]/tr[1]/td[1]/p[1]'],
      ['Another paragraph in the same cell.', '/html[1]/body[1]/table[1]/tbody[1]/tr[1]/td[1]/p[2]'],
      ['Sidebar item one of the layout', '/html[1]/body[1]/table[1]/tbody[1]/tr[1]/td[2]/ul[1]/li[1]'],
    ]);
  });

  it('reads the rows of a nested data table as rows of that table', () => {
    const html = page(`<table><tr><td><p>Layout cell text that is long enough.</p>
      <table><tr><th>Check-in</th><td>from 15:00</td></tr></table></td></tr></table>`);
    expect(chunkWith(html, 'Check-in')).toMatchObject({
      text: 'Check-in: from 15:00',
      xpath: '/html[1]/body[1]/table[1]/tbody[1]/tr[1]/td[1]/table[1]/tbody[1]/tr[1]',
    });
  });
});

describe('chunkDocument: lists and definition lists', () => {
  it('makes each list item a chunk, nested lists included', () => {
    const html = page(`<ul><li>Breakfast is served from 7:00 to 10:30 every day.
      <ul><li>Vegan options are available on request at the desk.</li></ul></li>
      <li>Parking costs $15 per night in the hotel garage.</li></ul>`);
    expect(chunkDocument(html).map((c) => [c.text, c.xpath])).toEqual([
      ['Breakfast is served from 7:00 to 10:30 every day.', '/html[1]/body[1]/ul[1]/li[1]'],
      ['Vegan options are available on request at the desk.', '/html[1]/body[1]/ul[1]/li[1]/ul[1]/li[1]'],
      ['Parking costs $15 per night in the hotel garage.', '/html[1]/body[1]/ul[1]/li[2]'],
    ]);
  });

  it('merges runs of tiny sibling items into one chunk anchored at their parent', () => {
    const html = page(
      '<h2>Amenities</h2><ul><li>Pool</li><li>Free Wi-Fi</li><li>Gym</li></ul><p>All amenities are included in the room price.</p>',
    );
    expect(chunkDocument(html).map((c) => [c.text, c.xpath, c.headingPath])).toEqual([
      ['Pool Free Wi-Fi Gym', '/html[1]/body[1]/ul[1]', ['Amenities']],
      ['All amenities are included in the room price.', '/html[1]/body[1]/p[1]', ['Amenities']],
    ]);
  });

  it('merges a price split over tiny blocks into their container', () => {
    const html = page(
      '<div class="card"><div class="price">$120</div><div class="unit">per night</div></div>',
    );
    expect(chunkDocument(html).map((c) => [c.text, c.xpath])).toEqual([
      ['$120 per night', '/html[1]/body[1]/div[1]'],
    ]);
  });

  it('does not merge tiny fragments across headings', () => {
    const html = page('<h2>A</h2><div>one</div><h2>B</h2><div>two</div>');
    expect(texts(html)).toEqual(['one', 'two']);
  });

  it('renders definition lists as "term: definition", grouped <div>s included', () => {
    const html =
      page(`<dl><dt>Check-in</dt><dd>from 15:00</dd><div><dt>Check-out</dt><dd>until 11:00</dd></div>
      <dt>Languages</dt><dt>Spoken</dt><dd>English, French</dd></dl>`);
    expect(chunkDocument(html).map((c) => [c.text, c.xpath])).toEqual([
      ['Check-in: from 15:00', '/html[1]/body[1]/dl[1]'],
      ['Check-out: until 11:00', '/html[1]/body[1]/dl[1]/div[1]'],
      ['Languages / Spoken: English, French', '/html[1]/body[1]/dl[1]'],
    ]);
  });
});

describe('chunkDocument: long text', () => {
  it('splits text over the cap at sentence boundaries, every piece keeping the source XPath', () => {
    const sentence = (i: number): string =>
      `Sentence number ${i} says something about the history of the old town.`;
    const long = Array.from({ length: 30 }, (_, i) => sentence(i + 1)).join(' ');
    const chunks = chunkDocument(page(`<p>${long}</p>`), { maxChunkChars: 300 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(300);
      expect(chunk.text).toMatch(/^Sentence number \d+ .*\.$/);
      expect(chunk.xpath).toBe('/html[1]/body[1]/p[1]');
    }
    expect(chunks.map((c) => c.text).join(' ')).toBe(long);
  });
});

describe('chunkDocument: in-page navigation', () => {
  it('skips links to places on the same page (skip links, tables of contents)', () => {
    const html = page(`<a class="skip-link" href="#content">Skip to main content</a>
      <div id="toc"><a href="#History">1 History</a> <a href="#Economy">2 Economy</a></div>
      <p id="content">See <a href="/wiki/Portavel">Portavel</a> for the capital city of the country.</p>`);
    expect(texts(html)).toEqual(['See Portavel for the capital city of the country.']);
  });
});

describe('chunkDocument: what is never merged', () => {
  it('keeps short paragraphs and "Label: value" lines as chunks of their own', () => {
    const html = page(`<article><h1>Trail Tent</h1><p class="price">$607.95</p><p>Out of stock</p>
      <p class="sku">SKU: <code>GL-TNT-122</code></p><ul><li>Free parking: Yes</li><li>Pool: No</li></ul></article>`);
    expect(chunkDocument(html).map((c) => [c.text, c.xpath])).toEqual([
      ['$607.95', '/html[1]/body[1]/article[1]/p[1]'],
      ['Out of stock', '/html[1]/body[1]/article[1]/p[2]'],
      ['SKU: GL-TNT-122', '/html[1]/body[1]/article[1]/p[3]'],
      ['Free parking: Yes', '/html[1]/body[1]/article[1]/ul[1]/li[1]'],
      ['Pool: No', '/html[1]/body[1]/article[1]/ul[1]/li[2]'],
    ]);
  });
});

describe('chunkDocument: one text model with the verifier', () => {
  it("cuts every chunk (merged, split, row or definition) from the page's visible text", () => {
    const long = Array.from({ length: 40 }, (_, i) => `Sentence number ${i + 1} says something.`).join(' ');
    const html = page(`<header><h1>Site</h1></header><main>
      <div class="price"><div>$</div><div>189</div><button>Book</button><div>per night</div></div>
      <div><span>Tiny</span></div><nav>Menu</nav><div><span>bits</span></div>
      <table><tr><th>Capital</th><td>Portavel <sup><a href="#n1">[1]</a></sup></td></tr></table>
      <dl><dt>Rating</dt><dd>4.5 <label>stars</label></dd></dl>
      <p>${long}</p><p>See <a href="#notes">the notes</a> below &amp; above.</p></main>`);
    const pageText = normalizeText(visibleText(html));
    const chunks = chunkDocument(html, { maxChunkChars: 300 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(pageText).toContain(normalizeText(chunk.text));
    expect(texts(html)).toContain('Capital: Portavel');
    expect(texts(html)).toContain('Rating: 4.5');
  });

  it('does not merge fragments across text the model renders between them', () => {
    const html = page('<div><div>Tiny</div><nav>Menu</nav><div>bits</div></div>');
    expect(texts(html)).toEqual(['Tiny', 'bits']);
  });
});
