/** Standalone sandbox: serves the three sites and prints one `sandbox.ready` JSON line on stdout. */
import { startSandbox } from './server.js';
import { sandboxOptionsFromEnv, sandboxReadyLine } from './standalone.js';

// Listen for signals before announcing readiness: a parent may signal as soon as it reads the line.
const stopRequested = new Promise<void>((resolve) => {
  process.once('SIGINT', () => {
    resolve();
  });
  process.once('SIGTERM', () => {
    resolve();
  });
});

const sandbox = await startSandbox(sandboxOptionsFromEnv(process.env));
process.stdout.write(sandboxReadyLine(sandbox.sites));
await stopRequested;
await sandbox.stop();
