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
