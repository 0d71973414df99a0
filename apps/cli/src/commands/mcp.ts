import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createForageMcpServer, GatewayHttpPort } from '@forage/mcp';

/**
 * `forage mcp`: Forage's MCP server on stdin/stdout for an MCP client (Claude Desktop, an IDE, an
 * agent) that starts it as a subprocess. Every tool call goes to the running stack's gateway over
 * HTTP, so the stack's guards, limits and API keys apply. stdout carries only JSON-RPC; the
 * command runs until the client closes stdin.
 */
export async function mcpCommand(input: {
  gatewayUrl: string;
  apiKey?: string;
  stdin?: Readable;
  stdout?: Writable;
}): Promise<number> {
  const stdin = input.stdin ?? process.stdin;
  const port = new GatewayHttpPort({
    gatewayUrl: input.gatewayUrl,
    ...(input.apiKey ? { apiKey: input.apiKey } : {}),
  });
  const server = createForageMcpServer(port);
  const transport = new StdioServerTransport(stdin, input.stdout ?? process.stdout);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  stdin.once('end', () => {
    void server.close();
  });
  await server.connect(transport);
  await closed;
  return 0;
}
