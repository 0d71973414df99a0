import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ActResponse, Observation, SessionView } from '@forage/contracts';
import { startSessionStack, type SessionStack } from './support/session-stack.js';

const textOf = (result: CallToolResult): string =>
  result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

/**
 * An agent drives Forage's browser through MCP with the official SDK's client: it opens a session
 * on a local page, observes it, fills and submits its form, and reads the evidence of each step.
 */
describe('browser sessions over MCP', () => {
  let stack: SessionStack;
  let agent: Client;
  let other: Client;

  const connect = async (key: string): Promise<Client> => {
    const client = new Client({ name: 'forage-session-agent', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${stack.gateway.httpUrl}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    return client;
  };
  const call = async (client: Client, name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;

  beforeAll(async () => {
    stack = await startSessionStack();
    agent = await connect(stack.keys.a);
    other = await connect(stack.keys.b);
  }, 120_000);

  afterAll(async () => {
    await agent.close();
    await other.close();
    await stack.stop();
  }, 60_000);

  it('lists the session tools with their input schemas from the contracts', async () => {
    const { tools } = await agent.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of ['open', 'observe', 'act', 'close']) expect(byName.has(name)).toBe(true);
    expect(Object.keys(byName.get('act')?.inputSchema.properties ?? {}).sort()).toEqual([
      'action',
      'actions',
      'idempotencyKey',
      'sessionId',
      'timeoutMs',
    ]);
    expect(byName.get('observe')?.inputSchema.required).toEqual(['sessionId']);
  });

  it('opens a page, observes it, fills and submits its form, and reads the evidence of each step', async () => {
    const opened = await call(agent, 'open', { url: `${stack.site.origin}/form` });
    expect(opened.isError).toBeFalsy();
    const session = opened.structuredContent as unknown as SessionView;
    expect(textOf(opened)).toContain(`session ${session.sessionId}`);

    const observed = await call(agent, 'observe', { sessionId: session.sessionId });
    expect(observed.isError).toBeFalsy();
    const page = observed.structuredContent as unknown as Observation;
    const text = textOf(observed);
    expect(text).toContain('textbox "Your name" (type=text, required) locator: #name');
    expect(text).toContain('Leave your name and we will write back.');
    const locator = (name: string): string => {
      const found = page.elements.items.find((e) => e.name === name);
      if (!found) throw new Error(`no element named ${name}: ${text}`);
      return found.locator;
    };

    const acted = await call(agent, 'act', {
      sessionId: session.sessionId,
      actions: [
        { type: 'fill', locator: locator('Your name'), value: 'Grace Hopper' },
        { type: 'fill', locator: locator('Email'), value: 'grace@example.org' },
        { type: 'check', locator: locator('I accept the terms') },
        { type: 'click', locator: locator('Send message') },
      ],
    });
    expect(acted.isError).toBeFalsy();
    const done = acted.structuredContent as unknown as ActResponse;
    expect(done.skipped).toBe(0);
    expect(done.results).toHaveLength(4);
    expect(textOf(acted).split('\n')).toHaveLength(4);

    // each step's DOM before and after, from the evidence store, through get_evidence
    const dom = async (sha256: string | undefined): Promise<string> => {
      const got = await call(agent, 'get_evidence', { runId: session.runId, sha256 });
      expect(got.isError).toBeFalsy();
      const [content] = got.content;
      if (content?.type !== 'resource' || !('text' in content.resource)) throw new Error(textOf(got));
      return content.resource.text;
    };
    const steps: { before: string; after: string }[] = [];
    for (const step of done.results) {
      if ('error' in step) throw new Error(`${step.error.code}: ${step.error.message}`);
      expect(step.status).toBe('done');
      expect(step.logRecordId).toMatch(/^[0-9a-f-]{36}$/);
      steps.push({
        before: await dom(step.evidence.before?.sha256),
        after: await dom(step.evidence.after?.sha256),
      });
    }
    expect(steps[0]?.before).toContain('Leave your name');
    expect(steps[0]?.after).toContain('Grace Hopper'); // the field's value is in the live DOM after the fill
    expect(steps[2]?.before).not.toMatch(/<input[^>]*type="checkbox"[^>]*checked/);
    expect(steps[2]?.after).toMatch(/<input[^>]*type="checkbox"[^>]*checked/);
    expect(steps[3]?.after).toContain('Thank you, Grace Hopper. Size Small, terms accepted.');

    const confirmed = await call(agent, 'observe', { sessionId: session.sessionId, textLimit: 200 });
    expect((confirmed.structuredContent as unknown as Observation).url).toContain('/thanks?');
    expect(textOf(confirmed)).toContain('Thank you, Grace Hopper.');

    // another key's agent cannot see the session, nor read its evidence
    const foreign = await call(other, 'observe', { sessionId: session.sessionId });
    expect(foreign.isError).toBe(true);
    expect(textOf(foreign)).toMatch(/^not_found:/);
    const foreignEvidence = await call(other, 'get_evidence', {
      runId: session.runId,
      sha256: page.evidence.domSnapshot.sha256,
    });
    expect(foreignEvidence.isError).toBe(true);

    const closed = await call(agent, 'close', { sessionId: session.sessionId });
    expect(closed.isError).toBeFalsy();
    // the evidence outlives the session, for its opener only
    expect(await dom(page.evidence.domSnapshot.sha256)).toContain('Leave your name');
    expect(
      (await call(other, 'get_evidence', { runId: session.runId, sha256: page.evidence.domSnapshot.sha256 }))
        .isError,
    ).toBe(true);
    const after = await call(agent, 'act', { sessionId: session.sessionId, action: { type: 'go_back' } });
    expect(after.isError).toBe(true);
    expect(textOf(after)).toMatch(/^not_found: no session/);
  }, 120_000);

  it('answers an egress refusal of the start page as a tool error', async () => {
    const refused = await call(agent, 'open', { url: 'http://10.0.0.1/admin' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^egress_denied:/);
  }, 60_000);
});
