import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Delete, Get, Inject, Post, Req, Res } from '@nestjs/common';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createForageMcpServer } from '@forage/mcp';
import { ApiKeyStore } from '../adapters/api-key-store.js';
import { apiKeysRequired, type GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { setCaller } from './caller.js';
import { sendError } from './error-response.js';
import { BusForagePort } from './mcp-bus-port.js';

/**
 * Forage's MCP server over streamable HTTP at `/mcp`, stateless: each POST gets its own server and
 * transport over the gateway's bus port, and a long tool call (ask) streams its progress
 * notifications on that POST's event stream. API keys follow the same rule as /v1/*.
 */
@Controller('mcp')
export class McpController {
  private readonly keys: ApiKeyStore | undefined;

  constructor(
    @Inject(BusForagePort) private readonly port: BusForagePort,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.keys = apiKeysRequired(config) ? new ApiKeyStore(config.GATEWAY_API_KEYS_FILE) : undefined;
  }

  @Post()
  async post(@Req() req: IncomingMessage & { body?: unknown }, @Res() res: ServerResponse): Promise<void> {
    if (!this.authorized(req, res)) return;
    const server = createForageMcpServer(this.port.forRequest(req));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  /** Stateless: no standalone event stream and no session to end. */
  @Get()
  @Delete()
  other(@Req() req: IncomingMessage, @Res() res: ServerResponse): void {
    if (!this.authorized(req, res)) return;
    sendError(res, {
      status: 405,
      code: 'invalid_request',
      message: `${req.method ?? 'GET'} is not allowed on /mcp (stateless server: POST only)`,
      headers: { allow: 'POST' },
    });
  }

  private authorized(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.keys) return true;
    const header = (name: string): string | undefined => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const token = /^Bearer\s+(\S+)$/i.exec(header('authorization') ?? '')?.[1] ?? header('x-api-key');
    const key = token ? this.keys.verify(token) : undefined;
    if (key) {
      // runs started through this request belong to the key, as with /v1/runs
      setCaller(req, { keyId: key.id });
      return true;
    }
    sendError(res, {
      status: 401,
      code: 'blocked',
      message: token
        ? 'the API key is unknown or revoked'
        : 'an API key is required: Authorization: Bearer <key> (create one with `forage keys create`)',
      headers: { 'www-authenticate': 'Bearer realm="forage"' },
    });
    return false;
  }
}
