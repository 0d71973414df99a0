import { startService, type RunningService } from '@forage/messaging';
import { ActionExecutionModule } from './app.module.js';
import type { ActionExecutionConfig } from './config.js';
import { BrowserHost } from './adapters/browser-host.js';
import { SessionPages, type SessionLoad } from './adapters/session-pages.js';

/** Starts the action-execution service (also used by integration tests). */
export function startActionExecutionService(config: ActionExecutionConfig): Promise<RunningService> {
  return startService({
    service: 'action-execution',
    module: ActionExecutionModule.register(config),
    natsUrl: config.NATS_URL,
    ops: { host: config.OPS_HOST, port: config.OPS_PORT },
    logLevel: config.LOG_LEVEL,
    streamReplicas: config.NATS_STREAM_REPLICAS,
    tool: 'action-execution',
    health: (app) => () =>
      Promise.resolve({
        browser: app.get(BrowserHost).health(),
        sessions: sessionHealth(app.get(SessionPages).load()),
      }),
  });
}

/** Saturation for /health: full with callers waiting is reported, not hidden (still ok: it queues). */
function sessionHealth(load: SessionLoad): { ok: boolean; detail: string } {
  const saturated = load.open >= load.capacity;
  return {
    ok: true,
    detail: `${load.open}/${load.capacity} sessions open, ${load.waiting} waiting${saturated ? ' (saturated)' : ''}`,
  };
}
