import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What a service's start function returns that the one-process host needs. */
export interface StartedModule {
  readonly opsPort: number;
  stop(): Promise<void>;
}

export class ServiceModuleError extends Error {
  override readonly name = 'ServiceModuleError';
}

const pascal = (name: string): string =>
  name
    .split('-')
    .map((w) => `${w.charAt(0).toUpperCase()}${w.slice(1)}`)
    .join('');

/**
 * Starts one service from its built module in this process, as its own main.js would: its
 * `load<Service>Config(env)` then `start<Service>Service(config)`. Loaded by path, like the
 * supervisor spawns `apps/<service>/dist/main.js`, so the CLI does not import the apps.
 */
export async function startServiceModule(input: {
  root: string;
  service: string;
  env: NodeJS.ProcessEnv;
}): Promise<StartedModule> {
  const dist = join(input.root, 'apps', input.service, 'dist');
  const name = pascal(input.service);
  const config = (await import(pathToFileURL(join(dist, 'config.js')).href)) as Record<string, unknown>;
  const service = (await import(pathToFileURL(join(dist, 'service.js')).href)) as Record<string, unknown>;
  const load = config[`load${name}Config`];
  const start = service[`start${name}Service`];
  if (typeof load !== 'function' || typeof start !== 'function')
    throw new ServiceModuleError(`${input.service}: dist has no load${name}Config / start${name}Service`);
  const loaded: unknown = (load as (env: NodeJS.ProcessEnv) => unknown)(input.env);
  return (start as (config: unknown) => Promise<StartedModule>)(loaded);
}
