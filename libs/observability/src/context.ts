import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** The ids every log line and outgoing message carries while work for one request runs. */
export interface RequestContext {
  readonly traceId: string;
  readonly runId: string | undefined;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

export function runWithContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function newTraceId(): string {
  return randomUUID().replaceAll('-', '');
}
