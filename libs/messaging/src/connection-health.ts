import type { NatsConnection } from '@nats-io/transport-node';

export interface ConnectionCheck {
  readonly ok: boolean;
  readonly detail: string;
}

/**
 * Whether a NATS connection can reach the server now. The client reconnects forever, so "not
 * closed" says nothing during an outage: this follows the connection's status events and, when
 * asked, times a round trip to the server.
 */
export class ConnectionHealth {
  private down: string | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly probeTimeoutMs = 1_500,
  ) {
    void this.follow();
  }

  async check(): Promise<ConnectionCheck> {
    if (this.nc.isClosed()) return { ok: false, detail: 'connection closed' };
    if (this.down) return { ok: false, detail: this.down };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`no answer from ${this.server()} within ${this.probeTimeoutMs} ms`));
      }, this.probeTimeoutMs);
    });
    try {
      const rtt = await Promise.race([this.nc.rtt(), timeout]);
      return { ok: true, detail: `${this.server()} rtt ${rtt.toFixed(1)} ms` };
    } catch (err) {
      return { ok: false, detail: err instanceof Error ? err.message : String(err) };
    } finally {
      clearTimeout(timer);
    }
  }

  private server(): string {
    return this.nc.getServer();
  }

  private async follow(): Promise<void> {
    for await (const status of this.nc.status()) {
      const at = new Date().toISOString();
      if (status.type === 'disconnect') this.down = `disconnected from ${status.server} since ${at}`;
      else if (status.type === 'staleConnection') this.down = `stale connection since ${at}`;
      else if (status.type === 'reconnect') this.down = undefined;
      else if (status.type === 'close') this.down = 'connection closed';
    }
  }
}
