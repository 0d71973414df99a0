import { randomUUID } from 'node:crypto';
import { chromium, type Browser } from 'playwright-core';
import type { Claim, SourcedChunk } from '@forage/contracts';
import { CHROMIUM_ARGS, findChromium } from '@forage/browser';
import {
  generateSandbox,
  sandboxFacts,
  startSandbox,
  type CityFact,
  type CountryFact,
  type HotelFact,
  type ProductFact,
  type RunningSandbox,
  type SandboxFact,
} from '@forage/sandbox';
import { anEvidenceRef } from '@forage/testing';
import { captureDom } from '../apps/dom-extraction/src/adapters/capture-dom.js';
import { chunkDocument } from '../apps/dom-understanding/src/core/chunks.js';
import { answerHeuristically } from '../apps/processing/src/core/heuristic-answer.js';
import { checkAnswerInSnippet } from '../apps/verifier/src/core/checks.js';
import { SnapshotPage } from '../apps/verifier/src/core/page/snapshot-page.js';
import { readSnippetAtXPath } from '../apps/verifier/src/core/snippet-at-xpath.js';

/** One question per attribute of a fact, and what the answer must say (digits or words). */
interface Probe {
  readonly attribute: string;
  readonly question: string;
  readonly expected: string;
}

/** The attribute is not stated in the page's content in a form a question can be matched to: no answer is the right answer. */
const ABSTAIN = '';
const digits = (n: number): string => String(n).replace(/\D/g, '');

function probesFor(fact: SandboxFact): Probe[] {
  switch (fact.kind) {
    case 'country':
      return country(fact);
    case 'city':
      return city(fact);
    case 'hotel':
      return hotel(fact);
    case 'product':
      return product(fact);
  }
}

function country(f: CountryFact): Probe[] {
  return [
    { attribute: 'capital', question: `What is the capital of ${f.name}?`, expected: f.capital },
    {
      attribute: 'population',
      question: `What is the population of ${f.name}?`,
      expected: digits(f.population),
    },
    { attribute: 'areaKm2', question: `What is the area of ${f.name}?`, expected: digits(f.areaKm2) },
    { attribute: 'currency', question: `What currency does ${f.name} use?`, expected: f.currency },
    {
      attribute: 'currencyCode',
      question: `What is the currency code of ${f.name}?`,
      expected: f.currencyCode,
    },
    { attribute: 'gdpUsd', question: `What is the GDP of ${f.name}?`, expected: digits(f.gdpUsd) },
    {
      attribute: 'gdpPerCapitaUsd',
      question: `What is the GDP per capita of ${f.name}?`,
      expected: digits(f.gdpPerCapitaUsd),
    },
    {
      attribute: 'unemploymentPct',
      question: `What is the unemployment rate in ${f.name}?`,
      expected: String(f.unemploymentPct),
    },
    {
      attribute: 'inflationPct',
      question: `By how much did consumer prices rise in ${f.name}?`,
      expected: String(f.inflationPct),
    },
    { attribute: 'founded', question: `When was ${f.name} founded?`, expected: String(f.founded) },
  ];
}

function city(f: CityFact): Probe[] {
  return [
    { attribute: 'country', question: `In which country is ${f.name}?`, expected: f.country },
    {
      attribute: 'population',
      question: `What is the population of ${f.name}?`,
      expected: digits(f.population),
    },
    { attribute: 'founded', question: `When was ${f.name} founded?`, expected: String(f.founded) },
    {
      attribute: 'isCapital',
      question: `What is the status of ${f.name}?`,
      expected: f.isCapital ? 'capital' : '',
    },
  ];
}

function hotel(f: HotelFact): Probe[] {
  const yesNo = (b: boolean): string => (b ? 'Yes' : 'No');
  return [
    { attribute: 'city', question: `In which city is ${f.name}?`, expected: f.city },
    {
      attribute: 'pricePerNightUsd',
      question: `How much does a night at ${f.name} cost?`,
      expected: digits(f.pricePerNightUsd),
    },
    { attribute: 'rating', question: `What is the guest rating of ${f.name}?`, expected: String(f.rating) },
    {
      attribute: 'freeParking',
      question: `Does ${f.name} have free parking?`,
      expected: yesNo(f.freeParking),
    },
    { attribute: 'wifi', question: `Does ${f.name} have free Wi-Fi?`, expected: yesNo(f.wifi) },
    { attribute: 'pool', question: `Does ${f.name} have a swimming pool?`, expected: yesNo(f.pool) },
    {
      attribute: 'address',
      question: `What is the address of ${f.name}?`,
      expected: f.address.split(',')[0] ?? '',
    },
  ];
}

function product(f: ProductFact): Probe[] {
  return [
    { attribute: 'sku', question: `What is the SKU of the ${f.name}?`, expected: f.sku },
    // the category is only in the breadcrumb navigation (chrome, not content): abstaining is right
    { attribute: 'category', question: `Which category is the ${f.name} in?`, expected: ABSTAIN },
    { attribute: 'priceUsd', question: `How much does the ${f.name} cost?`, expected: digits(f.priceUsd) },
    {
      attribute: 'availability',
      question: `What is the availability of the ${f.name}?`,
      // shown as a bare "Out of stock" line with no label or sentence to tie it to the question
      expected: ABSTAIN,
    },
  ];
}

/**
 * A snippet cut by dom-understanding and answered by processing is found by the verifier's text
 * check on the same stored DOM: for every attribute of every kind of sandbox fact (country and
 * city articles, hotels, products), on pages rendered by the sandbox server in real Chromium and
 * captured the way dom-extraction captures them (the country page after its "Show economic
 * indicators" control was clicked, as action-execution would).
 */
describe('answers verify against the stored DOM they were cut from (one text model)', () => {
  let sandbox: RunningSandbox;
  let browser: Browser;
  const facts = sandboxFacts(generateSandbox());
  const sample = (['country', 'city', 'hotel', 'product'] as const).map((kind) => {
    // a question that names the answer (a hotel named after its city) asks nothing: take a fact whose name does not
    const fact = facts.find((f) => f.kind === kind && !(f.kind === 'hotel' && f.name.includes(f.city)));
    if (!fact) throw new Error(`the sandbox has no ${kind}`);
    return fact;
  });

  beforeAll(async () => {
    sandbox = await startSandbox();
    browser = await chromium.launch({ executablePath: findChromium(undefined), args: [...CHROMIUM_ARGS] });
  }, 60_000);

  afterAll(async () => {
    await browser.close();
    await sandbox.stop();
  });

  /** The stored DOM of a page, and the chunks the orchestrator would send to processing. */
  async function capture(fact: SandboxFact): Promise<{ html: string; chunks: SourcedChunk[] }> {
    const page = await browser.newPage();
    try {
      const url = `${sandbox.originOf(fact.site)}${fact.path}`;
      await page.goto(url, { waitUntil: 'load' });
      const more = page.getByRole('button', { name: /show economic indicators/i });
      if ((await more.count()) > 0) {
        await more.first().click();
        await page
          .getByText(/GDP per capita/)
          .first()
          .waitFor();
      }
      const { html, title } = await captureDom(page);
      const domSnapshot = anEvidenceRef();
      const logRecordId = randomUUID();
      const chunks = chunkDocument(html).map((c) => ({
        chunkId: `${logRecordId}:${c.id}`,
        url,
        title,
        text: c.text,
        headingPath: c.headingPath,
        xpath: c.xpath,
        domSnapshot,
        logRecordId,
      }));
      return { html, chunks };
    } finally {
      await page.close();
    }
  }

  it.each(sample.map((fact) => [fact.kind, fact] as const))(
    'every attribute of a %s page: the answer is right and its snippet is at its XPath in the verifier’s text model',
    async (_kind, fact) => {
      const { html, chunks } = await capture(fact);
      const page = new SnapshotPage(html);
      const results = probesFor(fact).map((probe) => {
        const outcome = answerHeuristically({
          question: probe.question,
          chunks,
          maxAnswers: 1,
          minConfidence: 0.35,
        });
        const answer = outcome.answers[0];
        if (!answer)
          return {
            attribute: probe.attribute,
            problem: probe.expected === ABSTAIN ? null : `abstained: ${outcome.reason ?? ''}`,
          };
        if (probe.expected === ABSTAIN)
          return { attribute: probe.attribute, problem: `answered "${answer.text}" instead of abstaining` };
        const claim: Claim = {
          claimId: probe.attribute,
          text: answer.text,
          confidence: answer.confidence,
          source: answer.source,
        };
        const inSnippet = checkAnswerInSnippet({ claim });
        const check = inSnippet.passed ? readSnippetAtXPath({ claim, page }).check : inSnippet;
        const said = /^\d+$/.test(probe.expected) ? answer.text.replace(/\D/g, '') : answer.text;
        const right = said.toLowerCase().includes(probe.expected.toLowerCase());
        return {
          attribute: probe.attribute,
          problem: !check.passed
            ? check.detail
            : right
              ? null
              : `answered "${answer.text}" (${answer.source.snippet})`,
        };
      });
      expect(results.filter((r) => r.problem !== null)).toEqual([]);
    },
    60_000,
  );
});
