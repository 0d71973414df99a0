import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '@forage/browser';
import { parseHtml, readTextBlocks, visibleText } from '@forage/html';
import { captureDom } from './capture-dom.js';

/** One hiding technique per element, each with a distinct token; the control is plain visible text. */
const HIDDEN: Record<string, string> = {
  'display-none-class': '<p class="gone">TOKEN</p>',
  'visibility-hidden-class': '<p class="ghost">TOKEN</p>',
  'opacity-zero': '<p style="opacity:0">TOKEN</p>',
  'opacity-near-zero-ancestor': '<div style="opacity:0.05"><p>TOKEN</p></div>',
  'zero-size-overflow-hidden': '<div style="width:0;height:0;overflow:hidden"><p>TOKEN</p></div>',
  'offscreen-left': '<p style="position:absolute;left:-10000px;top:0">TOKEN</p>',
  'text-indent-out': '<p style="text-indent:-9999px;overflow:hidden">TOKEN</p>',
  'clip-rect':
    '<p style="position:absolute;clip:rect(0 0 0 0);width:1px;height:1px;overflow:hidden">TOKEN</p>',
  'clip-path-inset': '<p style="clip-path:inset(50%)">TOKEN</p>',
  'tiny-font': '<p style="font-size:1px">TOKEN</p>',
  'zero-font': '<p style="font-size:0">TOKEN</p>',
  'white-on-white': '<p style="color:#fff">TOKEN</p>',
  'near-background': '<div style="background:#123456"><p style="color:#133557">TOKEN</p></div>',
  'transparent-colour': '<p style="color:transparent">TOKEN</p>',
  noscript: '<noscript><p>TOKEN</p></noscript>',
  template: '<template><p>TOKEN</p></template>',
  'aria-hidden': '<div aria-hidden="true"><p>TOKEN</p></div>',
  'behind-scripted-class':
    '<p id="later">TOKEN</p><script>document.getElementById("later").style.display="none"</script>',
};

const VISIBLE: Record<string, string> = {
  control: '<p>TOKEN</p>',
  'below-the-fold': '<div style="height:3000px"></div><p>TOKEN</p>',
  'dark-theme': '<div style="background:#111;color:#eee"><p>TOKEN</p></div>',
  'closed-details': '<details><summary>More</summary><p>TOKEN</p></details>',
  'small-print': '<p style="font-size:10px">TOKEN</p>',
};

function tokenOf(name: string): string {
  return `tok${name.replace(/[^a-z]/g, '')}`;
}

function pageHtml(): string {
  const all = { ...HIDDEN, ...VISIBLE };
  const body = Object.entries(all)
    .map(([name, html]) => html.replace('TOKEN', tokenOf(name)))
    .join('\n');
  return `<!doctype html><html><head><title>hidden text</title><style>
    .gone { display: none } .ghost { visibility: hidden } body { background: #fff; color: #222 }
  </style></head><body><main>${body}</main></body></html>`;
}

/**
 * Real Chromium renders a page with one hiding technique per element and a few visible controls;
 * the stored snapshot marks the hidden ones, and the one text model reads only what a person sees.
 */
describe('the render records which text a person could see', () => {
  let browser: Browser;
  let page: Page;
  let text: string;
  let blocks: string;
  let html: string;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: findChromium(undefined), args: [...CHROMIUM_ARGS] });
    page = await browser.newPage();
    await page.setContent(pageHtml());
    html = (await captureDom(page)).html;
    const doc = parseHtml(html);
    text = visibleText(html);
    blocks = readTextBlocks(doc)
      .map((b) => b.text)
      .join('\n');
  }, 60_000);

  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.keys(HIDDEN))('leaves out text hidden by %s', (name) => {
    expect(text).not.toContain(tokenOf(name));
    expect(blocks).not.toContain(tokenOf(name));
  });

  it.each(Object.keys(VISIBLE))('keeps visible text: %s', (name) => {
    expect(text).toContain(tokenOf(name));
    expect(blocks).toContain(tokenOf(name));
  });

  it('names the reason in the snapshot and leaves the live page unmarked', async () => {
    expect(html).toMatch(/data-forage-hidden="opacity"[^>]*>tokopacityzero/);
    expect(html).toMatch(/data-forage-hidden="colour"[^>]*>tokwhiteonwhite/);
    expect(html).toMatch(/data-forage-hidden="off-page"[^>]*>tokoffscreenleft/);
    expect(await page.locator('[data-forage-hidden]').count()).toBe(0);
  });
});
