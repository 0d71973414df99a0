/**
 * Node flags a service's process is started with, wherever it runs (`forage up`, its one-process
 * host, the benchmarks; docker-compose.yml and deploy/k8s state the same flags in their commands).
 *
 * logging: a young generation of up to 32 MB per semi-space. Log records arrive by the thousand a
 * second and each allocates its parsed body, canonical JSON and row; with V8's default the
 * scavenger ran so often that at 5,000 records/s a fifth of the service's CPU was garbage
 * collection (bench:logging: 139 -> 120-125 us of CPU per record, p99 332 -> 86-137 ms).
 */
export const SERVICE_NODE_FLAGS: Readonly<Record<string, readonly string[]>> = {
  logging: ['--max-semi-space-size=32'],
};

/** The flags for a process hosting these services (one process may host them all). */
export function nodeFlagsFor(services: readonly string[]): string[] {
  return [...new Set(services.flatMap((s) => SERVICE_NODE_FLAGS[s] ?? []))];
}
