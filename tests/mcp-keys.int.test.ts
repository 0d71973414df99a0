import { join } from 'node:path';
import { MCP_TOOLS } from './support/mcp-tools.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createApiKey, writeApiKeyFile } from '@forage/config';
import type { RunningNatsServer } from '@forage/messaging';
import { startTestNats, tempDir } from '@forage/testing';
import { loadGatewayConfig } from '../apps/gateway/src/config.js';
import { startGatewayService, type RunningGateway } from '../apps/gateway/src/service.js';

/** /mcp on a gateway that requires API keys: the same rule as /v1/*, checked before any MCP message. */
describe('the MCP endpoint with API keys required', () => {
  const dir = tempDir('forage-mcp-keys-');
  const keysFile = join(dir.path, 'api-keys.json');
  const { token, record } = createApiKey('mcp-test');
  const revoked = createApiKey('revoked');
  let nats: RunningNatsServer;
  let gateway: RunningGateway;

  beforeAll(async () => {
    writeApiKeyFile(keysFile, { keys: [record, { ...revoked.record, revokedAt: new Date().toISOString() }] });
    nats = await startTestNats();
    gateway = await startGatewayService(
      loadGatewayConfig({
        NATS_URL: nats.url,
        OPS_PORT: '0',
        GATEWAY_PORT: '0',
        LOG_LEVEL: 'silent',
        GATEWAY_REQUIRE_API_KEY: 'true',
        GATEWAY_API_KEYS_FILE: keysFile,
        GATEWAY_RUNS_BURST: '1',
        GATEWAY_RUNS_PER_MINUTE: '1',
      }),
    );
  }, 60_000);

  afterAll(async () => {
    await gateway.stop();
    await nats.stop();
    dir.remove();
  });

  const connect = async (key?: string): Promise<Client> => {
    const client = new Client({ name: 'forage-keys-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${gateway.httpUrl}/mcp`), {
        ...(key ? { requestInit: { headers: { authorization: `Bearer ${key}` } } } : {}),
      }),
    );
    return client;
  };

  it('refuses a client without a key, or with a revoked one, with 401', async () => {
    await expect(connect()).rejects.toThrow(/401|API key is required/);
    await expect(connect(revoked.token)).rejects.toThrow(/401|unknown or revoked/);
    const res = await fetch(`${gateway.httpUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('blocked');
  });

  it('serves a client with a valid key', async () => {
    const client = await connect(token);
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(MCP_TOOLS);
    await client.close();
  });

  it('limits the runs a key starts through MCP as POST /v1/runs does', async () => {
    const client = await connect(token);
    const ask = async () => {
      const result = (await client.callTool(
        { name: 'ask', arguments: { question: 'What is the capital of Qora?' } },
        undefined,
        { timeout: 30_000 },
      )) as CallToolResult;
      return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    };
    // the first run takes the only token (it then fails: no runs history runs in this test)
    expect(await ask()).not.toMatch(/too many runs/);
    expect(await ask()).toMatch(/^unavailable: too many runs from key:/);
    await client.close();
  }, 40_000);
});
