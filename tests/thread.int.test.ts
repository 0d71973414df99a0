import {
  generateSandbox,
  sandboxFacts,
  type CityFact,
  type CountryFact,
  type HotelFact,
} from '@forage/sandbox';
import type { RunningService } from '@forage/messaging';
import { loadOrchestratorConfig } from '../apps/orchestrator/src/config.js';
import { startOrchestratorService } from '../apps/orchestrator/src/service.js';
import { ask } from '../apps/cli/src/ask/ask.js';
import { startInProcessStack, waitAllHealthy, type InProcessStack } from './support/stack.js';
import { askOverHttp, type RunCompletion } from './support/runs.js';

/** A sandbox world the project does not tune on (the default seed is 42). */
const SEED = 7;

const digits = (text: string | undefined): string => (text ?? '').replace(/\D/g, '');

/**
 * A conversation through the gateway, NATS and every real service, on another sandbox world:
 * a fact about a country, then "its capital", then "the population there" — each answer
 * verified and checked against the world's ground truth. The orchestrator is restarted between
 * the second and third turn: the thread's turns are kept in JetStream, not in its memory.
 */
describe('a three-turn thread on a second sandbox world', () => {
  let stack: InProcessStack;
  let orchestrator: RunningService | undefined;
  let country: CountryFact;
  let capital: CityFact;
  let other: CountryFact;
  const turns: { runId: string; threadId: string | undefined; completed: RunCompletion }[] = [];
  /** A second thread: a listing, then "the second one" of it, then the same listing elsewhere. */
  const listing: { runId: string; threadId: string | undefined; completed: RunCompletion }[] = [];
  let hotels: HotelFact[];
  let hotelCities: [string, string];
  const startOrchestrator = async (): Promise<void> => {
    orchestrator = await startOrchestratorService(loadOrchestratorConfig(stack.env));
  };

  beforeAll(async () => {
    stack = await startInProcessStack({ sandboxSeed: SEED, orchestrator: false });
    await startOrchestrator();
    await waitAllHealthy(stack.services);
    const facts = sandboxFacts(generateSandbox({ seed: SEED }));
    const cities = facts.filter((f): f is CityFact => f.kind === 'city');
    const countries = facts
      .filter((f): f is CountryFact => f.kind === 'country')
      .filter((c) => cities.some((city) => city.name === c.capital && city.country === c.name));
    const [first, second] = countries.slice(2);
    if (!first || !second)
      throw new Error(`sandbox world ${String(SEED)} has too few countries with a capital page`);
    country = first;
    other = second;
    const city = cities.find((c) => c.name === country.capital);
    if (!city) throw new Error('no capital page');
    capital = city;
    hotels = facts.filter((f): f is HotelFact => f.kind === 'hotel');
    const byCity = [...new Set(hotels.map((h) => h.city))].filter(
      (c) => hotels.filter((h) => h.city === c && h.freeParking).length >= 2,
    );
    const [h1, h2] = byCity;
    if (!h1 || !h2) throw new Error('too few hotel cities with free parking');
    hotelCities = [h1, h2];

    const one = await askOverHttp(stack.gatewayUrl, `What is the population of ${country.name}?`);
    turns.push(one);
    turns.push(await askOverHttp(stack.gatewayUrl, 'And what is its capital?', { threadId: one.threadId }));
    // a new orchestrator process reads the thread from the store
    await orchestrator?.stop();
    await startOrchestrator();
    turns.push(
      await askOverHttp(stack.gatewayUrl, 'What is the population there?', { threadId: one.threadId }),
    );

    const l1 = await askOverHttp(stack.gatewayUrl, `Hotels in ${hotelCities[0]} with free parking`);
    listing.push(l1);
    listing.push(
      await askOverHttp(stack.gatewayUrl, 'What is the price per night of the second one?', {
        threadId: l1.threadId,
      }),
    );
    listing.push(await askOverHttp(stack.gatewayUrl, `And in ${hotelCities[1]}?`, { threadId: l1.threadId }));
  }, 420_000);

  afterAll(async () => {
    await orchestrator?.stop();
    await stack.stop();
  }, 60_000);

  it('turn 1 starts a thread whose id is its run id and answers the fact', () => {
    const [one] = turns;
    expect(one?.threadId).toBe(one?.runId);
    expect(one?.completed.outcome).toBe('answered');
    expect(digits(one?.completed.answer?.text)).toBe(String(country.population));
    expect(one?.completed.thread).toMatchObject({ threadId: one?.runId, turn: 1, readings: [] });
  });

  it('turn 2 reads "its" as the country of turn 1 and answers its capital', () => {
    const two = turns[1];
    expect(two?.threadId).toBe(turns[0]?.runId);
    expect(two?.completed.outcome).toBe('answered');
    expect(two?.completed.answer?.text).toContain(capital.name);
    expect(two?.completed.thread?.turn).toBe(2);
    expect(two?.completed.thread?.readings.map((r) => r.note)).toContainEqual(
      expect.stringContaining(`'its' = ${country.name}, from turn 1`),
    );
    expect(two?.completed.report?.question).toBe(`What is the capital of ${country.name}?`);
  });

  it('turn 3 reads "there" as the capital answered in turn 2 and answers its population', () => {
    const three = turns[2];
    expect(three?.completed.outcome).toBe('answered');
    expect(digits(three?.completed.answer?.text)).toBe(String(capital.population));
    expect(three?.completed.thread?.turn).toBe(3);
    expect(three?.completed.thread?.readings.map((r) => r.note)).toContainEqual(
      expect.stringContaining(`'there' = ${capital.name}, from turn 2`),
    );
  });

  it('"the second one" picks the second item of the listing answered before; its price is that hotel’s', () => {
    const [l1, l2] = listing;
    const second = l1?.completed.report?.items[1]?.name;
    expect(second).toBeDefined();
    const hotel = hotels.find((h) => h.name === second);
    expect(hotel?.city).toBe(hotelCities[0]);
    expect(l2?.completed.thread?.readings.map((r) => r.note)).toEqual([
      `'the second one' = ${second ?? ''}, from turn 1 (the listed item)`,
    ]);
    expect(l2?.completed.outcome).toBe('answered');
    expect(digits(l2?.completed.answer?.text)).toContain(String(hotel?.pricePerNightUsd));
  });

  it('"and in <city>?" asks the listing again for the other city', () => {
    const l3 = listing[2];
    expect(l3?.completed.report?.question).toBe(`Hotels in ${hotelCities[1]} with free parking?`);
    const expected = hotels.filter((h) => h.city === hotelCities[1] && h.freeParking).map((h) => h.name);
    const names = l3?.completed.report?.items.map((i) => i.name) ?? [];
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(expected).toContain(name);
  });

  it('the run view shows the thread, so a client can continue it', async () => {
    const res = await fetch(`${stack.gatewayUrl}/v1/runs/${turns[2]?.runId ?? ''}`);
    const view = (await res.json()) as { threadId: string | null; result: RunCompletion | null };
    expect(view.threadId).toBe(turns[0]?.runId);
    expect(view.result?.thread?.threadId).toBe(turns[0]?.runId);
  });

  it('a reference nothing settles is asked back, and the answer stands for it', async () => {
    const asked: string[] = [];
    const done = await ask({
      gatewayUrl: stack.gatewayUrl,
      question: 'And what is its population?',
      print: () => undefined,
      answer: (needs) => {
        asked.push(...needs.questions.map((q) => `${q.key}: ${q.prompt}`));
        return Promise.resolve([{ key: 'referent', value: other.name }]);
      },
    });
    expect(asked).toEqual([expect.stringMatching(/^referent: .*"its"/)]);
    expect(done.outcome).toBe('answered');
    expect(digits(done.answer?.text)).toBe(String(other.population));
    expect(done.thread?.readings[0]?.note).toContain(`= ${other.name}, as you answered`);
  });

  it('an unknown thread id is refused', async () => {
    const res = await fetch(`${stack.gatewayUrl}/v1/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'And its area?', threadId: 'not-a-thread' }),
    });
    expect(res.status).toBe(400);
  });
});
