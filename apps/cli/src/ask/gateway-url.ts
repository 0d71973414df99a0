export class GatewayUrlError extends Error {
  override readonly name = 'GatewayUrlError';
}

/**
 * Where the stack's gateway is, most explicit first: `--port`, then `FORAGE_URL`, then the
 * running stack's stack.json, then the configured port (FORAGE_PORT, forage.config.json).
 */
export function gatewayUrlFor(input: {
  portFlag: string | undefined;
  forageUrl: string | undefined;
  stackGatewayUrl: string | undefined;
  configuredPort: number;
}): string {
  if (input.portFlag !== undefined) {
    const port = Number(input.portFlag);
    if (!Number.isInteger(port) || port < 1 || port > 65_535) {
      throw new GatewayUrlError(`--port must be a port number (1..65535), got "${input.portFlag}"`);
    }
    return `http://127.0.0.1:${port}`;
  }
  if (input.forageUrl !== undefined && input.forageUrl !== '') {
    let url: URL;
    try {
      url = new URL(input.forageUrl);
    } catch {
      throw new GatewayUrlError(
        `FORAGE_URL must be the gateway's URL (http://host:port), got "${input.forageUrl}"`,
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new GatewayUrlError(`FORAGE_URL must be http(s), got "${input.forageUrl}"`);
    }
    return url.origin + url.pathname.replace(/\/+$/, '');
  }
  return input.stackGatewayUrl ?? `http://127.0.0.1:${input.configuredPort}`;
}

/**
 * A command that works on the stack through its data directory (index, status, logs, …) given
 * `--port` or `FORAGE_URL` as `ask` is: the stack at that address must be the one running from the
 * data directory, else the command would write or read where that stack never looks.
 */
export function checkSameStack(input: {
  portFlag: string | undefined;
  forageUrl: string | undefined;
  dataDir: string;
  stackGatewayUrl: string | undefined;
}): void {
  const named = input.portFlag !== undefined || (input.forageUrl !== undefined && input.forageUrl !== '');
  if (!named) return;
  const url = gatewayUrlFor({ ...input, stackGatewayUrl: undefined, configuredPort: 0 });
  const how =
    input.portFlag !== undefined ? `--port ${input.portFlag}` : `FORAGE_URL=${input.forageUrl ?? ''}`;
  if (input.stackGatewayUrl === undefined)
    throw new GatewayUrlError(
      `${how} names the stack at ${url}, but no stack runs from ${input.dataDir}; give that stack's --data-dir (or FORAGE_HOME)`,
    );
  if (new URL(input.stackGatewayUrl).origin !== new URL(url).origin)
    throw new GatewayUrlError(
      `${how} names the stack at ${url}, but the stack running from ${input.dataDir} is at ${input.stackGatewayUrl}; give the --data-dir of the stack at ${url}`,
    );
}
