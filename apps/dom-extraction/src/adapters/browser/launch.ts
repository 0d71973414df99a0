import { randomUUID } from 'node:crypto';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '@forage/browser';
import { bounded } from '../bounded.js';
import { findProcessByMarker } from './process-table.js';

const LAUNCH_TIMEOUT_MS = 30_000;

export interface LaunchedChromium {
  readonly browser: Browser;
  /** The browser process (leader of its process group), or null if /proc did not show it. */
  readonly pid: number | null;
}

/**
 * Launches one Chromium. A flag only this launch carries (Chromium ignores unknown switches) lets
 * us find its process in /proc, to measure the memory of its tree and to kill what a crash leaves.
 */
export async function launchChromium(input: {
  executablePath: string;
  /** The egress proxy every request leaves through. */
  proxy: { server: string; bypass: string; username: string; password: string };
}): Promise<LaunchedChromium> {
  const marker = `--forage-browser=${randomUUID()}`;
  const browser = await bounded({
    call: chromium.launch({
      executablePath: input.executablePath,
      args: [...CHROMIUM_ARGS, marker],
      proxy: input.proxy,
      timeout: LAUNCH_TIMEOUT_MS,
      // the service stops on signals itself (and closes the browser on the way out)
      handleSIGINT: false,
      handleSIGTERM: false,
    }),
    ms: LAUNCH_TIMEOUT_MS + 5_000,
    what: 'launching Chromium',
    dispose: (late) => late.close(),
  });
  return { browser, pid: findProcessByMarker(marker) };
}
