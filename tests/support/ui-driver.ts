import type { Page } from 'playwright-core';
import { generateSandbox, sandboxFacts, type CountryFact } from '@forage/sandbox';

/** A country of the generated sandbox web, with facts to ask about and to expect. */
export function aSandboxCountry(index = 2): CountryFact {
  const countries = sandboxFacts(generateSandbox()).filter((f): f is CountryFact => f.kind === 'country');
  const country = countries[index];
  if (!country) throw new Error('the sandbox has too few countries');
  return country;
}

/**
 * Asks through the web UI as a person would (type, press Ask) and waits for the report; returns
 * the run id from the page's address.
 */
export async function askInPage(
  page: Page,
  input: { gatewayUrl: string; question: string },
): Promise<string> {
  await page.goto(`${input.gatewayUrl}/`);
  await page.fill('#q', input.question);
  await page.click('#go');
  await page.waitForURL(/#\/runs\/[0-9a-f-]{36}$/);
  const runId = /#\/runs\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
  if (!runId) throw new Error(`no run id in ${page.url()}`);
  await page.waitForSelector('#result .answer-text', { timeout: 240_000 });
  return runId;
}

/** Waits until the evidence view has outlined the cited node inside the snapshot frame. */
export async function citedNodeText(page: Page): Promise<string> {
  const cited = page.frameLocator('#snapshot').locator('[data-forage-cited]');
  await cited.first().waitFor({ timeout: 30_000 });
  return (await cited.first().textContent()) ?? '';
}
