import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LoggingMessageNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { generateSandbox, sandboxFacts, type CountryFact } from '@forage/sandbox';
import { tempDir } from '@forage/testing';
import { startInProcessStack, waitAllHealthy, type InProcessStack } from './support/stack.js';
import { MCP_TOOLS } from './support/mcp-tools.js';

const root = join(import.meta.dirname, '..');
const cli = join(root, 'apps', 'cli', 'dist', 'main.js');

interface RunSummary {
  runId: string;
  threadId: string | null;
  readings: string[];
  outcome: string | null;
  verification: string;
  answer: string | null;
  citations: { url: string; snippet: string; xpath: string; evidence: { domSnapshot: { sha256: string } } }[];
}

const textOf = (result: CallToolResult): string =>
  result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

/**
 * Forage's MCP server as an MCP client meets it: the SDK's own Client over streamable HTTP
 * (the gateway's /mcp) and over stdio (`forage mcp` from dist, talking to the gateway), against
 * a running stack over the sandbox web with real Chromium and NATS.
 */
describe('the MCP server', () => {
  const home = tempDir('forage-mcp-');
  let stack: InProcessStack;
  let countries: CountryFact[];
  let http: Client;
  let stdio: Client;
  let stdioTransport: StdioClientTransport;

  beforeAll(async () => {
    if (!existsSync(cli)) throw new Error('build first: npm run build (the test command does)');
    stack = await startInProcessStack();
    await waitAllHealthy(stack.services);
    countries = sandboxFacts(generateSandbox()).filter((f): f is CountryFact => f.kind === 'country');
    http = new Client({ name: 'forage-test-http', version: '1.0.0' });
    await http.connect(new StreamableHTTPClientTransport(new URL(`${stack.gatewayUrl}/mcp`)));
    stdioTransport = new StdioClientTransport({
      command: process.execPath,
      args: [cli, 'mcp', '--data-dir', home.path],
      env: { ...getDefaultEnvironment(), FORAGE_URL: stack.gatewayUrl },
      stderr: 'pipe',
    });
    stdio = new Client({ name: 'forage-test-stdio', version: '1.0.0' });
    await stdio.connect(stdioTransport);
  }, 240_000);

  afterAll(async () => {
    await http.close();
    await stdio.close();
    await stack.stop();
    home.remove();
  }, 60_000);

  const country = (i: number): CountryFact => {
    const c = countries[i];
    if (!c) throw new Error('sandbox has too few countries');
    return c;
  };

  it.each([
    ['streamable HTTP', () => http],
    ['stdio (forage mcp)', () => stdio],
  ])('lists the nine tools over %s, each with an input schema from the contracts', async (_, client) => {
    const { tools } = await client().listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(MCP_TOOLS);
    const ask = tools.find((t) => t.name === 'ask');
    expect(ask?.inputSchema.required).toEqual(['question']);
    const question = ask?.inputSchema.properties?.['question'] as { maxLength?: number } | undefined;
    expect(question?.maxLength).toBe(500);
    expect(ask?.inputSchema.properties).toHaveProperty('threadId');
    expect(ask?.inputSchema.properties).toHaveProperty('profile');
  });

  it.each([
    ['streamable HTTP', () => http, 0],
    ['stdio (forage mcp)', () => stdio, 1],
  ])(
    'ask over %s returns a verified answer with citations, streaming progress while the run goes',
    async (_, client, index) => {
      const target = country(index);
      const progress: string[] = [];
      const logged: unknown[] = [];
      client().setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
        logged.push(n.params.data);
      });
      const result = (await client().callTool(
        { name: 'ask', arguments: { question: `What is the capital of ${target.name}?` } },
        undefined,
        {
          timeout: 180_000,
          onprogress: (p) => {
            progress.push(p.message ?? '');
          },
        },
      )) as CallToolResult;
      expect(result.isError).toBeFalsy();
      const summary = result.structuredContent as unknown as RunSummary;
      // the report's text says why, should this fail
      expect({ outcome: summary.outcome, text: textOf(result) }).toMatchObject({ outcome: 'answered' });
      expect(summary.verification).toBe('verified');
      expect(summary.answer).toContain(target.capital);
      expect(summary.citations.length).toBeGreaterThan(0);
      expect(summary.citations[0]?.url).toBe(`${stack.sandbox.originOf('wiki')}${target.path}`);
      expect(summary.citations[0]?.snippet).toContain(target.capital);
      expect(summary.citations[0]?.evidence.domSnapshot.sha256).toMatch(/^[a-f0-9]{64}$/);
      expect(textOf(result)).toContain(target.capital);
      expect(textOf(result)).toMatch(/verification: verified/);
      // the run started a thread; a follow-up with its threadId reads "its" against it
      expect(summary.threadId).toBe(summary.runId);
      expect(textOf(result)).toContain(`Thread: ${summary.runId}`);
      const followUp = (await client().callTool(
        { name: 'ask', arguments: { question: 'And what is its population?', threadId: summary.threadId } },
        undefined,
        { timeout: 180_000 },
      )) as CallToolResult;
      const next = followUp.structuredContent as unknown as RunSummary;
      expect({ outcome: next.outcome, text: textOf(followUp) }).toMatchObject({ outcome: 'answered' });
      expect(next.threadId).toBe(summary.runId);
      expect(next.answer?.replace(/\D/g, '')).toBe(String(target.population));
      expect(next.readings).toEqual([expect.stringContaining(`'its' = ${target.name}, from turn 1`)]);
      expect(textOf(followUp)).toContain(`Read as: 'its' = ${target.name}`);
      // progress arrived as notifications during the call: one per step
      expect(progress.some((m) => m.startsWith('search'))).toBe(true);
      expect(progress.some((m) => m.startsWith('verify'))).toBe(true);
      expect(logged.length).toBeGreaterThanOrEqual(progress.length);

      const again = (await client().callTool({
        name: 'get_run',
        arguments: { runId: summary.runId },
      })) as CallToolResult;
      expect(again.isError).toBeFalsy();
      expect((again.structuredContent as unknown as RunSummary).answer).toBe(summary.answer);

      // the evidence behind the citation: the DOM snapshot the verifier checked, with the cited text
      const cited = summary.citations[0];
      if (!cited) throw new Error('no citation');
      const evidence = (await client().callTool({
        name: 'get_evidence',
        arguments: { runId: summary.runId, sha256: cited.evidence.domSnapshot.sha256 },
      })) as CallToolResult;
      expect(evidence.isError).toBeFalsy();
      const resource = evidence.content[0];
      if (resource?.type !== 'resource' || !('text' in resource.resource))
        throw new Error(`not a text resource: ${JSON.stringify(resource).slice(0, 200)}`);
      expect(resource.resource.mimeType).toMatch(/^text\/html/);
      expect(resource.resource.text).toMatch(/<html/i);
      expect(resource.resource.text).toContain(target.capital);
      // another run's id does not open it
      const elsewhere = (await client().callTool({
        name: 'get_evidence',
        arguments: {
          runId: '00000000-0000-4000-8000-000000000000',
          sha256: cited.evidence.domSnapshot.sha256,
        },
      })) as CallToolResult;
      expect(elsewhere.isError).toBe(true);
      expect(textOf(elsewhere)).toMatch(/^not_found: /);
    },
    200_000,
  );

  // after the asks above: the orchestrator reported what reading each result gave (search.outcome.v1)
  it("the runs' outcomes reached search's domain trust", async () => {
    const search = stack.services.find((s) => s.name === 'search');
    if (!search) throw new Error('no search service');
    const learned = async (): Promise<number> => {
      const text = await (await fetch(`http://127.0.0.1:${search.opsPort}/metrics`)).text();
      const line = text
        .split('\n')
        .find((l) => /^forage_search_domain_outcomes_total\{.*outcome="useful"/.test(l));
      return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
    };
    const deadline = Date.now() + 10_000;
    while ((await learned()) < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    // each of the two answered runs read at least its cited page
    expect(await learned()).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['streamable HTTP', () => http],
    ['stdio (forage mcp)', () => stdio],
  ])(
    'extract over %s returns a sandbox page as Markdown',
    async (_, client) => {
      const target = country(2);
      const url = `${stack.sandbox.originOf('wiki')}${target.path}`;
      const result = (await client().callTool({ name: 'extract', arguments: { url } }, undefined, {
        timeout: 90_000,
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      const text = textOf(result);
      expect(text).toMatch(new RegExp(`^# .*${target.name}`));
      expect(text).toContain(`Source: ${url}`);
      expect(text).toContain(target.capital);
    },
    90_000,
  );

  it('search returns ranked results with the status of each provider', async () => {
    const target = country(3);
    const result = (await stdio.callTool({
      name: 'search',
      arguments: { query: `${target.name} capital`, limit: 3 },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const reply = result.structuredContent as { results: { url: string }[]; sources: { status: string }[] };
    expect(reply.results.length).toBeGreaterThan(0);
    expect(reply.results.length).toBeLessThanOrEqual(3);
    expect(reply.results.map((r) => r.url)).toContain(`${stack.sandbox.originOf('wiki')}${target.path}`);
    expect(reply.sources.length).toBeGreaterThan(0);
  }, 60_000);

  it.each([
    ['streamable HTTP', () => http],
    ['stdio (forage mcp)', () => stdio],
  ])('invalid input over %s is a tool error, and the server keeps serving', async (_, client) => {
    for (const [name, args] of [
      ['ask', { question: '' }],
      ['ask', { question: 'x'.repeat(501) }],
      ['extract', { url: 'file:///etc/passwd' }],
      ['search', { query: 'ok', limit: 0 }],
      ['get_run', { runId: 'not-a-uuid' }],
      ['get_evidence', { sha256: 'ABC' }],
    ] as const) {
      const result = (await client().callTool({ name, arguments: args })) as CallToolResult;
      expect({ name, isError: result.isError }).toEqual({ name, isError: true });
      expect(textOf(result)).toMatch(/validation/i);
    }
    const unknown = (await client().callTool({
      name: 'get_run',
      arguments: { runId: '00000000-0000-4000-8000-000000000000' },
    })) as CallToolResult;
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/^not_found: /);
    // still serving
    expect((await client().listTools()).tools).toHaveLength(MCP_TOOLS.length);
  });

  it('extract of an address the egress guard refuses is a tool error naming the refusal', async () => {
    const result = (await http.callTool(
      { name: 'extract', arguments: { url: 'http://127.0.0.1:9/private' } },
      undefined,
      { timeout: 60_000 },
    )) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/egress|loopback/i);
  }, 60_000);

  it('POST /v1/search and POST /v1/extract refuse a body outside their contract with the typed error', async () => {
    for (const [path, body] of [
      ['/v1/search', { query: '' }],
      ['/v1/search', { query: 'ok', limit: 51 }],
      ['/v1/extract', { url: 'ftp://example.org/' }],
    ] as const) {
      const res = await fetch(`${stack.gatewayUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      const reply = (await res.json()) as { error: { code: string; issues?: unknown[] } };
      expect(reply.error.code).toBe('invalid_request');
      expect(reply.error.issues?.length).toBeGreaterThan(0);
    }
  });

  it('answers 405 to GET /mcp (stateless: POST only)', async () => {
    const res = await fetch(`${stack.gatewayUrl}/mcp`);
    expect(res.status).toBe(405);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
  });
});
