import type { ServerResponse } from 'node:http';
import type { ErrorReply } from '@forage/contracts';

export type HttpErrorCode = ErrorReply['error']['code'];

/** The typed error reply as an HTTP response: every refusal the gateway makes has this shape. */
export function sendError(
  res: ServerResponse,
  input: {
    status: number;
    code: HttpErrorCode;
    message: string;
    headers?: Readonly<Record<string, string>>;
    issues?: ErrorReply['error']['issues'];
  },
): void {
  const body: ErrorReply = {
    error: {
      code: input.code,
      message: input.message,
      retryable: input.status === 429 || input.status >= 500,
      ...(input.issues ? { issues: input.issues } : {}),
    },
  };
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(input.status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...input.headers,
  });
  res.end(JSON.stringify(body));
}
