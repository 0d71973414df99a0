import { pino, type Logger } from 'pino';
import { currentContext } from './context.js';

export type { Logger } from 'pino';

/** JSON logs; every line written inside a request context carries its run id and trace id. */
export function createLogger(options: { service: string; level?: string }): Logger {
  return pino({
    name: options.service,
    level: options.level ?? 'info',
    base: { service: options.service, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const ctx = currentContext();
      return ctx ? { traceId: ctx.traceId, runId: ctx.runId } : {};
    },
  });
}
