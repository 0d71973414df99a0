/**
 * Whether a deployment provisions the bus before its services start: a one-shot `forage bus init`
 * under the admin identity (a compose service the others wait for, a Kubernetes Job), with the
 * admin password mounted from a secret. Under their own identities the services may only bind to
 * the streams, consumers and buckets it makes.
 */
import { parse } from 'yaml';
import type { ServiceEnv } from './service-env.js';

const CLI = 'apps/cli/dist/main.js';

/** The containers that run `forage bus init`. */
export function busInitJobs(services: readonly ServiceEnv[]): ServiceEnv[] {
  return services.filter((s) => {
    const at = s.command.indexOf(CLI);
    return at >= 0 && s.command[at + 1] === 'bus' && s.command[at + 2] === 'init';
  });
}

/** The value of `--flag` in a command line, with Kubernetes' `$(VAR)` expanded from `env`. */
function flagOf(job: ServiceEnv, flag: string): string | undefined {
  const at = job.command.indexOf(flag);
  const raw = at >= 0 ? job.command[at + 1] : undefined;
  return raw?.replace(/\$\(([A-Z0-9_]+)\)/g, (_all, name: string) => job.env[name] ?? `$(${name})`);
}

/**
 * Problems of the bootstrap job itself: exactly one, reaching NATS, as the admin identity whose
 * password file is mounted with the admin's password, with as many copies as the services ask for.
 */
export function busInitProblems(
  services: readonly ServiceEnv[],
  adminPassword: string,
  streamReplicas: number,
): string[] {
  const jobs = busInitJobs(services);
  if (jobs.length !== 1) return [`${jobs.length} containers run forage bus init (one must)`];
  const [job] = jobs as [ServiceEnv];
  const at = (what: string): string => `${job.name}: ${what}`;
  const problems: string[] = [];
  const nats = flagOf(job, '--nats');
  if (!nats?.startsWith('nats://')) problems.push(at(`--nats ${nats ?? '(missing)'} is not a NATS URL`));
  const user = flagOf(job, '--user');
  if (user !== undefined && user !== 'admin')
    problems.push(at(`--user ${user}: only the admin identity may provision`));
  const creds = flagOf(job, '--creds');
  const password = creds === undefined ? undefined : job.files.get(creds);
  if (password === undefined)
    problems.push(at(`--creds ${creds ?? '(missing)'} is not mounted from a secret`));
  else if (password.trim() !== adminPassword)
    problems.push(at(`${creds} is not the admin identity's password`));
  const replicas = Number(flagOf(job, '--replicas') ?? 1);
  if (replicas !== streamReplicas)
    problems.push(at(`--replicas ${replicas}, but the services ask for ${streamReplicas} copies`));
  return problems;
}

/** compose: every Forage service waits for the job to have exited 0, and the job is never restarted. */
export function composeOrderProblems(composeText: string, forageServices: readonly string[]): string[] {
  const doc = parse(composeText, { merge: true }) as {
    services: Record<string, { command?: unknown; restart?: string; depends_on?: unknown }>;
  };
  const entry = Object.entries(doc.services).find(([, svc]) => {
    const words = Array.isArray(svc.command) ? svc.command.map(String) : [];
    return words.includes(CLI) && words.includes('bus');
  });
  if (!entry) return ['no compose service runs forage bus init'];
  const [job, svc] = entry;
  const problems: string[] = [];
  if (svc.restart !== 'no')
    problems.push(`${job}: restart must be "no" (a one-shot job), not ${svc.restart ?? 'unset'}`);
  for (const name of forageServices) {
    const deps = doc.services[name]?.depends_on;
    const condition =
      deps && typeof deps === 'object' && !Array.isArray(deps)
        ? (deps as Record<string, { condition?: string }>)[job]?.condition
        : undefined;
    if (condition !== 'service_completed_successfully')
      problems.push(`${name}: must depend on ${job} with condition service_completed_successfully`);
  }
  return problems;
}
