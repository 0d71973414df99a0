import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeOpenAi, type FakeOpenAi } from '@forage/testing';
import { readPageStructure } from '../apps/orchestrator/src/core/explore/page-structure.js';
import { startInProcessStack, waitAllHealthy, type InProcessStack } from './support/stack.js';
import { askOverHttp, type RunCompletion } from './support/runs.js';

/**
 * Instructions with an LLM configured for the orchestrator (a local OpenAI-compatible endpoint
 * replaying the real wire format): the model names the control a step means where the words do
 * not, and the same executor, egress guard and evidence apply; a model that proposes the first
 * element for everything cannot move a step off the control its words name. Judged by what the
 * page's server received.
 */
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title></head><body><main>
<h1>Checkout</h1><nav><a href="/help" onclick="fetch('/went?to=help')">Help</a></nav>
<p>Review your basket.</p>
<button type="button" onclick="fetch('/went?to=continue').then(()=>{said.textContent='On to payment.'})">Continue</button>
<button type="button" onclick="fetch('/went?to=cancel')">Cancel order</button>
<p id="said" role="status"></p></main></body></html>`;

describe('instructions grounded with a model', () => {
  let server: Server;
  let origin: string;
  let api: FakeOpenAi;
  let stack: InProcessStack;
  const received: string[] = [];
  const runs: RunCompletion[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/checkout') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
        return;
      }
      if (url.pathname === '/went') received.push(url.searchParams.get('to') ?? '');
      res.writeHead(url.pathname === '/went' ? 204 : 404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    api = await startFakeOpenAi();
    stack = await startInProcessStack({
      allowOrigins: [origin],
      orchestratorEnv: { LLM_BASE_URL: api.baseURL, LLM_MODEL: 'chooser-test' },
    });
    await waitAllHealthy(stack.services);
    const controls = readPageStructure(PAGE, `${origin}/checkout`).controls ?? [];
    const continueAt = controls.findIndex((c) => c.name === 'Continue');
    // "the next button": no control is named so; the model says it is "Continue"
    api.script({
      kind: 'completion',
      content: JSON.stringify({ choices: [{ step: 1, element: continueAt }] }),
    });
    runs.push(
      (await askOverHttp(stack.gatewayUrl, 'Click the next button', { urls: [`${origin}/checkout`] }))
        .completed,
    );
    // a model that proposes the first element (the Help link) for every step
    api.script({ kind: 'completion', content: JSON.stringify({ choices: [{ step: 1, element: 0 }] }) });
    runs.push(
      (
        await askOverHttp(stack.gatewayUrl, 'Press the "Cancel order" button', {
          urls: [`${origin}/checkout`],
        })
      ).completed,
    );
  }, 400_000);

  afterAll(async () => {
    await stack.stop();
    await api.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }, 60_000);

  it('acts on the control the model names where the words name none, through the same executor', () => {
    expect(received[0]).toBe('continue');
    expect(runs[0]?.outcome).toBe('answered');
    expect(runs[0]?.answer?.text).toMatch(/On to payment/);
    expect(api.requests[0]?.messages[1]?.content).toContain('"Continue"');
  });

  it('keeps the control the words name when the model proposes another', () => {
    expect(received.slice(1)).toEqual(['cancel']);
  });
});
