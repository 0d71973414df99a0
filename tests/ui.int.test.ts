import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '@forage/browser';
import type { CountryFact } from '@forage/sandbox';
import { startInProcessStack, waitAllHealthy, type InProcessStack } from './support/stack.js';
import { aSandboxCountry, askInPage, citedNodeText } from './support/ui-driver.js';

/** The web UI in real Chromium over every real service: ask, watch, read the report and its evidence, browse. */
describe('web UI', () => {
  let stack: InProcessStack;
  let browser: Browser;
  let page: Page;
  let country: CountryFact;
  let runId: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    stack = await startInProcessStack();
    await waitAllHealthy(stack.services);
    browser = await chromium.launch({ executablePath: findChromium(undefined), args: [...CHROMIUM_ARGS] });
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('pageerror', (err) => pageErrors.push(err.message));
    country = aSandboxCountry();
    runId = await askInPage(page, {
      gatewayUrl: stack.gatewayUrl,
      question: `What is the capital of ${country.name}?`,
    });
  }, 300_000);

  afterAll(async () => {
    await browser.close();
    await stack.stop();
  }, 60_000);

  it('shows the verified answer of a question asked through the page, with the steps that led to it', async () => {
    expect(await page.textContent('#result .answer-text')).toContain(country.capital);
    expect(await page.textContent('#result .verdict')).toBe('verified');
    expect(await page.textContent('#status')).toBe('completed');
    expect(await page.locator('#steps li').count()).toBeGreaterThan(3);
    expect(await page.textContent('#steps')).toContain('verify');
    expect(pageErrors).toEqual([]);
  });

  it('opens the evidence beside the fact: cited text, the node outlined at its XPath, the DOM there, the log record', async () => {
    expect(await page.isVisible('#evidence')).toBe(true);
    expect(await page.textContent('#cited-text')).toContain(country.capital);
    // the snapshot is the stored DOM, rendered without scripts; the outline marks the node at the citation's XPath
    expect(await citedNodeText(page)).toContain(country.capital);
    expect(await page.textContent('#xpath')).toMatch(/^\/html\[1\]\/body\[1\]\//);
    expect(await page.textContent('#snippet')).toContain(country.capital);
    expect(Number(await page.getAttribute('#record', 'data-seq'))).toBeGreaterThan(0);
    expect(await page.textContent('#record')).toMatch(/chainvalid/);
    expect(await page.textContent('#evidence-source')).toContain(stack.sandbox.originOf('wiki'));
    const shotVisible = await page.isVisible('#shot');
    if (shotVisible) {
      await page.waitForFunction(
        () => (document.getElementById('shot') as HTMLImageElement).naturalWidth > 0,
      );
    }
  });

  it('lists the run among past runs and opens it again from there', async () => {
    await page.click('#nav-runs');
    const row = page.locator(`#runs tr[data-run-id="${runId}"]`);
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain('completed');
    await row.locator('a').click();
    await page.waitForSelector('#result .answer-text');
    expect(await page.textContent('#result .answer-text')).toContain(country.capital);
    expect(await citedNodeText(page)).toContain(country.capital);
  });

  it('continues the thread from a shown answer: the next question may say "its"', async () => {
    await page.waitForSelector('#follow-up:not([hidden])');
    expect(await page.textContent('#thread-line')).toContain(`Thread ${runId}`);
    await page.fill('#follow-q', 'And what is its population?');
    await page.click('#follow-go');
    await page.waitForURL((url) => /^#\/runs\/[0-9a-f-]{36}$/.test(url.hash) && !url.hash.includes(runId));
    await page.waitForSelector('#result .answer-text', { timeout: 240_000 });
    expect((await page.textContent('#result .answer-text'))?.replace(/\D/g, '')).toBe(
      String(country.population),
    );
    expect(await page.textContent('#thread-line')).toContain(`'its' = ${country.name}, from turn 1`);
    expect(await page.textContent('#thread-line')).toContain(`Thread ${runId}, turn 2`);
    expect(pageErrors).toEqual([]);
  });

  it('asks the run’s follow-up questions in the page and goes on with the answers', async () => {
    const shop = stack.sandbox.originOf('shop');
    await page.goto(`${stack.gatewayUrl}/`);
    await page.fill(
      '#q',
      `Send the contact form on ${shop}/contact with message "Do you ship tents abroad?"`,
    );
    await page.click('#go');
    await page.waitForSelector('#needs-input:not([hidden]) input[name="email"]', { timeout: 120_000 });
    expect(await page.textContent('#status')).toBe('needs input');
    await page.fill('#needs-input input[name="name"]', 'Ada Lovelace');
    await page.fill('#needs-input input[name="email"]', 'ada@example.org');
    await page.click('#send-input');
    await page.waitForSelector('#result .answer-text', { timeout: 120_000 });
    expect(await page.isHidden('#needs-input')).toBe(true);
    expect(await page.textContent('#status')).toBe('completed');
    expect(await page.textContent('#steps')).toMatch(/act/);
  }, 300_000);

  it('cancels a waiting run from the page', async () => {
    const hotels = stack.sandbox.originOf('hotels');
    await page.goto(`${stack.gatewayUrl}/`);
    await page.fill('#q', `Log in on ${hotels}/login`);
    await page.click('#go');
    await page.waitForSelector('#needs-input:not([hidden]) input[type="password"]', { timeout: 120_000 });
    await page.click('#cancel');
    await page.waitForSelector('#result .answer-text', { timeout: 60_000 });
    expect(await page.textContent('#result .answer-text')).toContain('cancelled');
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
