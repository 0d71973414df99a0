import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '@forage/browser';
import { understandHtml, type PageUnderstanding } from './understand.js';

/** A page written the way servers write them: no <tbody>, no explicit <body>, mixed chrome and content. */
const SOURCE = `<!DOCTYPE html><title>Veloria – Wiki</title>
<div role="dialog" aria-label="Cookie consent"><p>We use cookies.</p><button type="button">Accept all cookies</button></div>
<header><a href="/" class="brand">Wiki</a><nav><ul><li><a href="/countries">Countries</a></li><li><a href="/cities">Cities</a></li></ul></nav>
<form role="search"><label for="q">Search the wiki</label><input id="q" name="q" placeholder="Search"><button>Search</button></form></header>
<main><article><h1>Veloria</h1>
<table class="infobox"><caption>Veloria</caption>
<tr><th scope="row">Capital</th><td><a href="/wiki/Portavel">Portavel</a></td></tr>
<tr><th scope="row">Population</th><td>1,234,567 (2020 census)</td></tr>
<tr><th scope="row">Area (km&sup2;)</th><td>45,210</td></tr></table>
<p><b>Veloria</b> is a republic in the Goucis Highlands. Its capital is <a href="/wiki/Portavel">Portavel</a>.</p>
<h2>Demographics</h2><p>At the 2020 census the country counted 1,234,567 inhabitants.
<div>Most people speak Velorian.</div>
<table><thead><tr><th>City<th>Population</thead><tr><td>Portavel<td>412,000<tr><td>Dunmere<td>98,500</table>
<ul><li>Pool<li>Free Wi-Fi<li>Gym</ul>
<dl><dt>Currency</dt><dd>Velorian crown (VLC)</dd></dl>
<p>Contact: <input type="email" name="email" aria-label="Your email"> <input type="checkbox" id="terms"><label for="terms">I accept the terms</label>
<select name="country"><option>Veloria</option></select> <a href="/more">More</a> <a href="/more2">More</a>
<div role="button" tabindex="0">Custom action</div>
</article></main>
<footer><p>© 2024 Wiki</p><a href="/privacy">Privacy</a></footer>`;

const tokens = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

describe('XPaths and locators resolve in a live Chromium DOM', () => {
  let browser: Browser;
  let page: Page;
  let understood: PageUnderstanding;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: findChromium(undefined),
      args: [...CHROMIUM_ARGS],
    });
    page = await browser.newPage();
    await page.setContent(SOURCE);
    understood = understandHtml(SOURCE, { maxChunks: 2_000, maxInteractive: 1_000, maxBytes: 700_000 });
  });

  afterAll(async () => {
    await browser.close();
  });

  it('finds the chunks and controls this page is made of', () => {
    expect(understood.chunks.map((c) => c.text)).toEqual([
      'Veloria',
      'Capital: Portavel',
      'Population: 1,234,567 (2020 census)',
      'Area (km²): 45,210',
      'Veloria is a republic in the Goucis Highlands. Its capital is Portavel.',
      'At the 2020 census the country counted 1,234,567 inhabitants.',
      'Most people speak Velorian.',
      'City: Portavel; Population: 412,000',
      'City: Dunmere; Population: 98,500',
      'Pool Free Wi-Fi Gym',
      'Currency: Velorian crown (VLC)',
      'Contact: More More',
    ]);
    expect(understood.interactive.map((e) => `${e.role} ${e.name} ${e.locator}`)).toEqual([
      'button Accept all cookies role=button[name="Accept all cookies"s]',
      'link Wiki role=link[name="Wiki"s]',
      'link Countries role=link[name="Countries"s]',
      'link Cities role=link[name="Cities"s]',
      'textbox Search the wiki #q',
      'button Search role=button[name="Search"s]',
      'link Portavel xpath=/html[1]/body[1]/main[1]/article[1]/table[1]/tbody[1]/tr[1]/td[1]/a[1]',
      'link Portavel xpath=/html[1]/body[1]/main[1]/article[1]/p[1]/a[1]',
      'textbox Your email input[name="email"]',
      'checkbox I accept the terms #terms',
      'combobox  select[name="country"]',
      'link More xpath=/html[1]/body[1]/main[1]/article[1]/p[3]/a[1]',
      'link More xpath=/html[1]/body[1]/main[1]/article[1]/p[3]/a[2]',
      'button Custom action role=button[name="Custom action"s]',
      'link Privacy role=link[name="Privacy"s]',
    ]);
  });

  it('resolves every chunk XPath to one element whose text holds every word of the chunk', async () => {
    for (const chunk of understood.chunks) {
      const text = await page.evaluate((xpath) => {
        const result = document.evaluate(xpath, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
        const el = result.snapshotLength === 1 ? result.snapshotItem(0) : null;
        if (!(el instanceof HTMLElement)) return null;
        // innerText separates cells and blocks (textContent runs "Capital" and "Portavel" together);
        // a table row's chunk also names its column headers
        const table = el.closest('table');
        return el.tagName === 'TR' && table ? table.innerText : el.innerText;
      }, chunk.xpath);
      expect({ xpath: chunk.xpath, found: text !== null }).toEqual({ xpath: chunk.xpath, found: true });
      const haystack = new Set(tokens(text ?? ''));
      expect({ chunk: chunk.text, missing: tokens(chunk.text).filter((w) => !haystack.has(w)) }).toEqual({
        chunk: chunk.text,
        missing: [],
      });
    }
  });

  it('resolves every locator to exactly the element its XPath names', async () => {
    for (const element of understood.interactive) {
      const count = await page.locator(element.locator).count();
      expect({ locator: element.locator, count }).toEqual({ locator: element.locator, count: 1 });
      const same = await page.locator(element.locator).evaluate((el, xpath) => {
        return (
          document.evaluate(xpath, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null)
            .singleNodeValue === el
        );
      }, element.xpath);
      expect({ locator: element.locator, same }).toEqual({ locator: element.locator, same: true });
    }
  });

  it('reads the live DOM serialisation (what dom-extraction stores) to the same chunks and XPaths', async () => {
    const live = understandHtml(await page.content(), {
      maxChunks: 2_000,
      maxInteractive: 1_000,
      maxBytes: 700_000,
    });
    expect(live.chunks).toEqual(understood.chunks);
    expect(live.interactive).toEqual(understood.interactive);
  });
});
