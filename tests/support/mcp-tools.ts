/** The tools Forage's MCP server lists, sorted (the MCP tests check the server against it). */
export const MCP_TOOLS: readonly string[] = [
  'act',
  'ask',
  'close',
  'crawl',
  'extract',
  'get_crawl',
  'get_evidence',
  'get_run',
  'observe',
  'open',
  'search',
];
