import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface HealthReport {
  readonly ok: boolean;
  readonly checks: Record<string, { ok: boolean; detail?: string }>;
}

export type HealthCheck = () => Promise<HealthReport>;

/**
 * The per-service HTTP side door: `/metrics` for Prometheus, `/health` (ready: dependencies up)
 * and `/live` (the process answers) for supervisors.
 */
export class OpsServer {
  private server: Server | undefined;

  constructor(
    private readonly options: {
      service: string;
      host: string;
      port: number;
      registry: Registry;
      health: HealthCheck;
    },
  ) {}

  async start(): Promise<number> {
    const server = createServer((req, res) => {
      void this.route(req.url ?? '/').then(
        ({ status, type, body }) => {
          res.writeHead(status, { 'content-type': type }).end(body);
        },
        (err: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
        },
      );
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host, resolve);
    });
    return (server.address() as AddressInfo).port;
  }

  private async route(url: string): Promise<{ status: number; type: string; body: string }> {
    const path = url.split('?')[0];
    if (path === '/metrics') {
      return {
        status: 200,
        type: this.options.registry.contentType,
        body: await this.options.registry.metrics(),
      };
    }
    if (path === '/live') {
      // liveness: the process answers; readiness (/health) also needs its dependencies
      return {
        status: 200,
        type: 'application/json',
        body: JSON.stringify({ service: this.options.service, pid: process.pid }),
      };
    }
    if (path === '/health') {
      const report = await this.options.health();
      return {
        status: report.ok ? 200 : 503,
        type: 'application/json',
        body: JSON.stringify({ service: this.options.service, pid: process.pid, ...report }),
      };
    }
    return { status: 404, type: 'text/plain', body: 'not found' };
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
  }
}
