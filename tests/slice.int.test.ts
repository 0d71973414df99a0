import { connect, type NatsConnection } from '@nats-io/transport-node';
import { queryLogs, runCompleted, runInput, runNeedsInput, type EventPayload } from '@forage/contracts';
import { Bus, decodeJson } from '@forage/messaging';
import { EvidenceStore, parseEvidenceKey } from '@forage/evidence';
import { normalizeText, visibleText } from '@forage/html';
import { generateSandbox, sandboxFacts, type CountryFact } from '@forage/sandbox';
import { startInProcessStack, waitAllHealthy, type InProcessStack } from './support/stack.js';
import { askOverHttp, type RunCompletion } from './support/runs.js';
import { ask } from '../apps/cli/src/ask/ask.js';
import { askAll } from '../apps/cli/src/ask/prompt.js';

describe('a question answered end to end over the sandbox web', () => {
  let stack: InProcessStack;
  let nc: NatsConnection;
  let bus: Bus;
  let country: CountryFact;
  let run: { runId: string; events: { event: string; data: unknown }[]; completed: RunCompletion };

  beforeAll(async () => {
    stack = await startInProcessStack();
    await waitAllHealthy(stack.services);
    nc = await connect({ servers: stack.nats.url });
    bus = new Bus(nc);
    const facts = sandboxFacts(generateSandbox()).filter((f): f is CountryFact => f.kind === 'country');
    const chosen = facts[3];
    if (!chosen) throw new Error('sandbox has too few countries');
    country = chosen;
    // the GDP per capita appears only after a reader clicks "Show economic indicators"
    run = await askOverHttp(stack.gatewayUrl, `What is the GDP per capita of ${country.name}?`);
  }, 240_000);

  afterAll(async () => {
    await nc.close();
    await stack.stop();
  }, 60_000);

  it('releases a verified answer that matches the sandbox ground truth', () => {
    expect(run.completed.outcome).toBe('answered');
    expect(run.completed.answer?.text.replace(/\D/g, '')).toBe(String(country.gdpPerCapitaUsd));
  });

  it('cites the page, the snippet, the XPath and the evidence ids', () => {
    const citation = run.completed.answer?.citations[0];
    expect(citation?.url).toBe(`${stack.sandbox.originOf('wiki')}${country.path}`);
    expect(citation?.snippet.replace(/\D/g, '')).toContain(String(country.gdpPerCapitaUsd));
    expect(citation?.xpath).toMatch(/^\/html\[1\]\/body\[1\]\//);
    expect(citation?.evidence.domSnapshot.sha256).toMatch(/^[a-f0-9]{64}$/);
  });

  it('streamed every step of the run over server-sent events, including the click', () => {
    const steps = run.events
      .filter((e) => e.event === 'step')
      .map((e) => e.data as { step: string; status: string; detail: string });
    expect(steps).toContainEqual(
      expect.objectContaining({
        step: 'act',
        status: 'succeeded',
        detail: expect.stringContaining('Show economic indicators') as unknown,
      }),
    );
    for (const name of ['plan', 'search', 'extract', 'understand', 'answer', 'verify']) {
      expect(steps).toContainEqual(expect.objectContaining({ step: name, status: 'succeeded' }));
    }
  });

  it('the evidence holds up when checked again independently of the verifier', async () => {
    const citation = run.completed.answer?.citations[0];
    if (!citation) throw new Error('no citation');
    const store = await EvidenceStore.open(nc, {
      key: parseEvidenceKey(stack.evidenceKey),
      retentionMs: 86_400_000,
    });
    const dom = await store.getText(citation.evidence.domSnapshot);
    expect(normalizeText(visibleText(dom))).toContain(normalizeText(citation.snippet));
  });

  it('logged one record per tool outcome in a valid hash chain, the cited one holding the evidence', async () => {
    const citation = run.completed.answer?.citations[0];
    const { records, chain } = await bus.request(queryLogs, { runId: run.runId });
    expect(chain.valid).toBe(true);
    const tools = new Set(records.map((r) => r.tool_name));
    for (const tool of [
      'search',
      'dom-extraction',
      'dom-understanding',
      'action-execution',
      'processing',
      'verifier',
    ]) {
      expect(tools).toContain(tool);
    }
    const cited = records.find((r) => r.record_id === citation?.logRecordId);
    // the page after the click, as action-execution captured it
    expect(cited?.tool_name).toBe('action-execution');
    expect(cited?.evidence.dom_snapshot?.sha256).toBe(citation?.evidence.domSnapshot.sha256);
    for (const r of records) expect(r.metadata.execution_time_ms).toBeGreaterThanOrEqual(0);
  });

  it('shows the run through GET /v1/runs/:id, and answers bad requests with typed errors', async () => {
    const view = (await (await fetch(`${stack.gatewayUrl}/v1/runs/${run.runId}`)).json()) as {
      status: string;
      question: string;
    };
    expect(view).toMatchObject({
      status: 'completed',
      question: `What is the GDP per capita of ${country.name}?`,
    });
    const missing = await fetch(`${stack.gatewayUrl}/v1/runs/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'not_found' } });
    const bad = await fetch(`${stack.gatewayUrl}/v1/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: '' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { code: 'invalid_request', issues: [{ path: 'question' }] },
    });
  });

  it('every service exposes the handler histogram with real observations', async () => {
    for (const s of stack.services) {
      const metrics = await (await fetch(`http://127.0.0.1:${s.opsPort}/metrics`)).text();
      const counts = [...metrics.matchAll(/^forage_handler_duration_seconds_count\{[^}]*\} (\d+)/gm)].map(
        (m) => Number(m[1]),
      );
      expect({ service: s.name, observed: counts.some((c) => c > 0) }).toEqual({
        service: s.name,
        observed: true,
      });
    }
  });

  it('answers a fact stated in the page text without acting, citing the rendered page and its screenshot', async () => {
    const other = await askOverHttp(stack.gatewayUrl, `What is the population of ${country.name}?`);
    expect(other.completed.answer?.text.replace(/\D/g, '')).toBe(String(country.population));
    expect(other.events.some((e) => (e.data as { step?: string }).step === 'act')).toBe(false);
    const screenshotRef = other.completed.answer?.citations[0]?.evidence.screenshot;
    if (!screenshotRef) throw new Error('no screenshot cited');
    const store = await EvidenceStore.open(nc, {
      key: parseEvidenceKey(stack.evidenceKey),
      retentionMs: 86_400_000,
    });
    expect((await store.get(screenshotRef)).subarray(0, 4).toString('hex')).toBe('89504e47'); // PNG
  }, 120_000);

  it('releases nothing for a question the sandbox cannot answer', async () => {
    const other = await askOverHttp(stack.gatewayUrl, 'What is the airspeed velocity of an unladen swallow?');
    expect(other.completed.answer).toBeNull();
    expect(['no_answer', 'unverified']).toContain(other.completed.outcome);
    expect(other.completed.failures.length).toBeGreaterThan(0);
  }, 120_000);

  it('asks once for the details a form needs, remembers the answers, and the next run on the form asks nothing', async () => {
    const shop = stack.sandbox.originOf('shop');
    const asked = new Map<string, EventPayload<typeof runNeedsInput>>();
    const completions = new Map<string, EventPayload<typeof runCompleted>>();
    const subs = [
      nc.subscribe(runNeedsInput.subject, {
        callback: (_err, msg) => {
          const e = runNeedsInput.payload.parse(decodeJson(msg.data));
          asked.set(e.runId, e);
        },
      }),
      nc.subscribe(runCompleted.subject, {
        callback: (_err, msg) => {
          const e = runCompleted.payload.parse(decodeJson(msg.data));
          completions.set(e.runId, e);
        },
      }),
    ];
    const waitFor = async <T>(what: string, get: () => T | undefined, ms = 150_000): Promise<T> => {
      const until = Date.now() + ms;
      for (;;) {
        const value = get();
        if (value !== undefined) return value;
        if (Date.now() > until) throw new Error(`no ${what} within ${String(ms)} ms`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    try {
      // the CLI's own ask(): the gateway streams needs_input, the CLI answers with POST /v1/runs/:id/input
      const prompted: string[] = [];
      const done = await ask({
        gatewayUrl: stack.gatewayUrl,
        question: `Send the contact form on ${shop}/contact with message "Do you ship tents abroad?"`,
        print: () => undefined,
        answer: (q) => {
          prompted.push(...q.questions.map((x) => x.key));
          return askAll(q, (prompt) =>
            Promise.resolve(/mail/i.test(prompt) ? 'ada@example.org' : 'Ada Lovelace'),
          );
        },
      });
      expect(prompted).toEqual(['name', 'email']);
      const question = asked.get(done.runId);
      expect(question?.url).toBe(`${shop}/contact`);
      expect(done.outcome).toBe('answered');
      expect(done.answer?.text).toContain('ada@example.org');
      expect(done.report?.kind).toBe('task');
      expect(done.report?.facts[0]).toMatchObject({ status: 'verified', url: `${shop}/contact` });
      expect(done.report?.metrics.actions).toBeGreaterThan(0);
      expect(done.report?.metrics.llm).toBeNull();
      // GET /v1/runs/:id carries the same report
      const view = (await (await fetch(`${stack.gatewayUrl}/v1/runs/${done.runId}`)).json()) as {
        result?: { report?: unknown };
      };
      expect(view.result?.report).toEqual(done.report);
      // a run that is not waiting takes no answers, through the API or over the bus
      const late = await fetch(`${stack.gatewayUrl}/v1/runs/${done.runId}/input`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers: [] }),
      });
      expect(late.status).toBe(409);
      expect((await bus.request(runInput, { runId: done.runId, answers: [], remember: true })).accepted).toBe(
        false,
      );

      const second = await askOverHttp(
        stack.gatewayUrl,
        `Send the contact form on ${shop}/contact with message "Is the stove available in blue?"`,
      );
      expect(asked.has(second.runId)).toBe(false);
      expect(second.completed.outcome).toBe('answered');
      expect(second.completed.answer?.text).toContain('ada@example.org');
      expect(
        second.events.some((e) => (e.data as { detail?: string }).detail === 'memory: name, email recalled'),
      ).toBe(true);
      await waitFor('completion on the bus', () => completions.get(second.runId), 5_000);

      // another site's form: the email given for the shop is not used there unasked, and the password is asked (as a secret); cancelled while it waits
      const hotels = stack.sandbox.originOf('hotels');
      const third = askOverHttp(stack.gatewayUrl, `Log in on ${hotels}/login`);
      const login = await waitFor('needs_input for the login', () =>
        [...asked.values()].find((a) => a.runId !== done.runId),
      );
      expect(login.questions).toEqual([
        expect.objectContaining({
          key: 'email',
          sensitive: false,
          prompt: expect.stringContaining(`memory holds one given for ${shop}`) as unknown,
        }),
        expect.objectContaining({ key: 'password', sensitive: true }),
      ]);
      const cancel = await fetch(`${stack.gatewayUrl}/v1/runs/${login.runId}`, { method: 'DELETE' });
      expect(cancel.status).toBe(202);
      const cancelled = (await third).completed;
      expect(cancelled).toMatchObject({ runId: login.runId, outcome: 'cancelled', answer: null });
      expect(cancelled.failures[0]?.reason).toBe('cancelled by the user');

      const orchestrator = stack.services.find((s) => s.name === 'orchestrator');
      const metrics = await (await fetch(`http://127.0.0.1:${String(orchestrator?.opsPort)}/metrics`)).text();
      expect(metrics).toMatch(/^forage_runs_total\{outcome="answered"\} [1-9]/m);
      expect(metrics).toMatch(/^forage_runs_total\{outcome="cancelled"\} 1$/m);
      expect(metrics).toMatch(/^forage_run_duration_seconds_count\{outcome="answered"\} [1-9]/m);
    } finally {
      for (const sub of subs) sub.unsubscribe();
    }
  }, 300_000);
});
