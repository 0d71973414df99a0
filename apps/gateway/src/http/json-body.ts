import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HandlerMetrics } from '@forage/observability';
import { sendError } from './error-response.js';

/**
 * Reads a JSON body of at most `limitBytes` into `req.body`, answering malformed or oversized
 * bodies with the typed error (never Express's HTML page) and counting them. The content type was
 * already checked by the request guard.
 */
export function jsonBody(options: { limitBytes: number; metrics: HandlerMetrics }) {
  return (req: IncomingMessage & { body?: unknown }, res: ServerResponse, next: () => void): void => {
    const method = (req.method ?? 'GET').toUpperCase();
    if (method === 'GET' || method === 'HEAD') {
      next();
      return;
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > options.limitBytes) {
      reject(res, options.metrics, 413, 'too_large', `the body is larger than ${options.limitBytes} bytes`);
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > options.limitBytes) {
        done = true;
        reject(res, options.metrics, 413, 'too_large', `the body is larger than ${options.limitBytes} bytes`);
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', () => {
      done = true;
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') {
        req.body = undefined;
        next();
        return;
      }
      try {
        req.body = JSON.parse(text) as unknown;
      } catch (err) {
        reject(
          res,
          options.metrics,
          400,
          'malformed_json',
          `the body is not valid JSON: ${(err as Error).message}`,
        );
        return;
      }
      next();
    });
  };
}

function reject(
  res: ServerResponse,
  metrics: HandlerMetrics,
  status: number,
  reason: string,
  message: string,
): void {
  metrics.httpRejected({ status, reason });
  sendError(res, {
    status,
    code: 'invalid_request',
    message,
    ...(status === 413 ? { headers: { connection: 'close' } } : {}),
  });
}
