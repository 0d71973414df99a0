import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_CANDIDATES } from '@forage/browser/chromium';
import { findNatsServer, NatsServerMissingError } from '@forage/messaging/stack';
import { SERVICES } from './layout.js';

/** Everything `forage up` needs, with the exact command that fixes each missing piece. */
export function preflight(root: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  try {
    findNatsServer(env);
  } catch (err) {
    if (!(err instanceof NatsServerMissingError)) throw err;
    problems.push('nats-server is not installed: run `apt-get install -y nats-server` (as root)');
  }
  const chromium = env['CHROMIUM_PATH'] ? [env['CHROMIUM_PATH']] : CHROMIUM_CANDIDATES;
  if (!chromium.some((c) => existsSync(c))) {
    problems.push('Chromium is not installed: run `apt-get install -y chromium` (as root)');
  }
  const unbuilt = [...SERVICES.map((s) => join(root, 'apps', s)), join(root, 'libs', 'sandbox')].filter(
    (dir) => !existsSync(join(dir, 'dist', 'main.js')),
  );
  if (unbuilt.length > 0) problems.push(`not built (${unbuilt.length} projects): run \`npm run build\``);
  return problems;
}
