import { randomUUID } from 'node:crypto';
import { chromium, type Browser } from 'playwright-core';
import { boundedCall } from './bounded.js';
import { CHROMIUM_ARGS } from './chromium.js';
import { findProcessByMarker } from './process-table.js';

const LAUNCH_TIMEOUT_MS = 30_000;

export interface LaunchedChromium {
  readonly browser: Browser;
  /** The browser process (leader of its process group), or null if /proc did not show it. */
  readonly pid: number | null;
}

/** Chromium's proxy settings (the egress proxy every request leaves through). */
export interface ChromiumProxy {
  readonly server: string;
  readonly bypass?: string;
  readonly username?: string;
  readonly password?: string;
}

/**
 * Launches one Chromium. A flag only this launch carries (Chromium ignores unknown switches) lets
 * us find its process in /proc, to measure the memory of its tree and to kill what a crash leaves.
 */
export async function launchChromium(input: {
  executablePath: string;
  proxy: ChromiumProxy;
}): Promise<LaunchedChromium> {
  const marker = `--forage-browser=${randomUUID()}`;
  const browser = await boundedCall({
    call: chromium.launch({
      executablePath: input.executablePath,
      args: [...CHROMIUM_ARGS, marker],
      proxy: { ...input.proxy },
      timeout: LAUNCH_TIMEOUT_MS,
      // the service stops on signals itself (and closes the browser on the way out)
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    }),
    ms: LAUNCH_TIMEOUT_MS + 5_000,
    what: 'launching Chromium',
    dispose: (late) => late.close(),
  });
  return { browser, pid: findProcessByMarker(marker) };
}
