import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '@forage/browser';
import { sandboxFacts, type CountryFact, type HotelFact, type ProductFact } from './facts.js';
import { generateSandbox } from './generate.js';
import { startSandbox, type RunningSandbox } from './server.js';

const facts = sandboxFacts(generateSandbox());
const country = facts.find((f): f is CountryFact => f.kind === 'country');
const hotel = facts.find((f): f is HotelFact => f.kind === 'hotel');
const product = facts.find((f): f is ProductFact => f.kind === 'product' && f.availability !== 'OutOfStock');

describe('what a browser sees (Chromium)', () => {
  let sandbox: RunningSandbox;
  let browser: Browser;

  beforeAll(async () => {
    sandbox = await startSandbox();
    browser = await chromium.launch({ executablePath: findChromium(undefined), args: [...CHROMIUM_ARGS] });
  });

  afterAll(async () => {
    await browser.close();
    await sandbox.stop();
  });

  it('fills the infobox Population and GDP rows from the JSON island', async () => {
    const page = await browser.newPage();
    await page.goto(`${sandbox.originOf('wiki')}${country?.path ?? ''}`);
    const rows = await page.locator('table.infobox tr').allInnerTexts();
    expect(rows).toContain(`Population\t${country?.population.toLocaleString('en-US')} (2023 census)`);
    expect(rows).toContain(`GDP (USD)\t$${country?.gdpUsd.toLocaleString('en-US')}`);
    await page.close();
  });

  it('creates the economic indicators only when the collapsed panel is clicked', async () => {
    const page = await browser.newPage();
    await page.goto(`${sandbox.originOf('wiki')}${country?.path ?? ''}`);
    const perCapita = `$${country?.gdpPerCapitaUsd.toLocaleString('en-US') ?? ''}`;
    expect(await page.content()).not.toContain(perCapita);
    await page.getByRole('button', { name: 'Show economic indicators' }).click();
    expect(await page.locator('#economy-indicators-body').innerText()).toBe(
      `The GDP per capita of ${country?.name ?? ''} was ${perCapita} in 2023. Unemployment stood at ${country?.unemploymentPct ?? ''}% and consumer prices rose by ${country?.inflationPct ?? ''}% that year.`,
    );
    await page.close();
  });

  it('renders hotel reviews from the JSON island', async () => {
    const page = await browser.newPage();
    await page.goto(`${sandbox.originOf('hotels')}${hotel?.path ?? ''}`);
    expect(await page.locator('#reviews .review').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('#reviews .loading').count()).toBe(0);
    await page.close();
  });

  it('adds to the cart only through the scripted button', async () => {
    const page = await browser.newPage();
    await page.goto(`${sandbox.originOf('shop')}${product?.path ?? ''}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    expect(await page.locator('#cart-count').innerText()).toBe('1');
    expect(await page.locator('.cart-status').innerText()).toContain(
      `Added ${product?.name ?? ''} to your cart`,
    );
    await page.close();
  });
});
