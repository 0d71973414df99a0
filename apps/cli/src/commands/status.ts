import { probeHealth, type ServiceHealth } from '../stack/health.js';
import { readStackLock } from '../stack/lock.js';
import { readStackState } from '../stack/state-file.js';

export interface StatusRow {
  readonly service: string;
  readonly replica: number;
  readonly pid: number;
  readonly opsPort: number;
  /** Times the supervisor restarted this replica (0 when not known). */
  readonly restarts?: number;
  readonly health: ServiceHealth;
}

/** One line per service: health, replicas up, restarts, ops port(s). */
export function formatStatusTable(rows: readonly StatusRow[]): string {
  const services = [...new Set(rows.map((r) => r.service))];
  const lines = [
    `  ${'service'.padEnd(18)} ${'health'.padEnd(8)} ${'replicas'.padEnd(9)} ${'restarts'.padEnd(9)} ${'ops port'.padEnd(14)} detail`,
  ];
  for (const service of services) {
    const mine = rows.filter((r) => r.service === service);
    const healthy = mine.filter((r) => r.health.ok).length;
    const detail = mine.map((r) => r.health.detail).find((d) => d) ?? '';
    const restarts = mine.reduce((n, r) => n + (r.restarts ?? 0), 0);
    lines.push(
      `  ${service.padEnd(18)} ${(healthy === mine.length ? 'ok' : 'DOWN').padEnd(8)} ${`${healthy}/${mine.length}`.padEnd(9)} ${String(restarts).padEnd(9)} ${mine
        .map((r) => r.opsPort)
        .join(',')
        .padEnd(14)} ${detail.slice(0, 60)}`,
    );
  }
  const sources = sourcesOf(rows);
  if (sources) lines.push(`  sources: ${sources}`);
  return lines.join('\n');
}

/** What search reads from (the user's index, the sandbox and whether it is searched, web providers), from its health. */
export function sourcesOf(rows: readonly StatusRow[]): string | undefined {
  const detail = rows.find((r) => r.service === 'search' && r.health.ok)?.health.detail;
  // the health detail joins each check as "name: detail", separated by commas
  return detail ? /(?:^|, )index: (.*?)(?=, [\w-]+: |$)/.exec(detail)?.[1] : undefined;
}

/** `forage status`: reads the running stack from the data dir and probes every replica. */
export async function status(dataDir: string, options: { json?: boolean } = {}): Promise<number> {
  const state = readStackState(dataDir);
  if (!state) {
    const starting = readStackLock(dataDir);
    if (options.json) {
      console.log(JSON.stringify({ running: false, starting: starting !== undefined, dataDir }));
      return 1;
    }
    console.log(
      starting
        ? `Forage is starting in ${dataDir} (pid ${starting.pid}, ${starting.gatewayUrl}).`
        : `Forage is not running (no live stack in ${dataDir}). Start it with \`forage up\`.`,
    );
    return 1;
  }
  const rows = await Promise.all(
    state.processes.map(async (p) => ({ ...p, health: await probeHealth(p.opsPort) })),
  );
  if (options.json) {
    console.log(
      JSON.stringify({
        running: true,
        supervisorPid: state.supervisorPid,
        startedAt: state.startedAt,
        gatewayUrl: state.gatewayUrl,
        natsUrl: state.natsUrl,
        natsRestarts: state.natsRestarts,
        sandbox: state.sandbox.map((s) => s.origin),
        replicas: rows.map((r) => ({
          service: r.service,
          replica: r.replica,
          pid: r.pid,
          opsPort: r.opsPort,
          restarts: r.restarts,
          health: r.health,
        })),
      }),
    );
    return rows.every((r) => r.health.ok) ? 0 : 1;
  }
  console.log(`Forage (supervisor pid ${state.supervisorPid}, since ${state.startedAt})`);
  console.log(
    `  gateway ${state.gatewayUrl} · nats ${state.natsUrl} (restarts ${state.natsRestarts}) · sandbox ${state.sandbox.map((s) => s.origin).join(' ')}`,
  );
  console.log(formatStatusTable(rows));
  return rows.every((r) => r.health.ok) ? 0 : 1;
}
