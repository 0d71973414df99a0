/** @forage/mcp: Forage's MCP server (tools over a port) and the port over the gateway's HTTP API. */
export * from './port.js';
export * from './report.js';
export * from './server.js';
export * from './session-report.js';
export * from './gateway-http-port.js';
export { crawlText } from './crawl-tools.js';
