import { existsSync } from 'node:fs';

/**
 * Flags that keep Debian's Chromium headless, sandbox-free in containers, and off the internet on
 * its own (without the background-networking flags it keeps calling Google's services).
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's real binary first: the /usr/bin wrapper prints a harmless but noisy warning. */
export const CHROMIUM_CANDIDATES: readonly string[] = [
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
];

export class ChromiumNotFoundError extends Error {
  override readonly name = 'ChromiumNotFoundError';
}

/** The configured Chromium (CHROMIUM_PATH) if it exists, else the first candidate that does. */
export function findChromium(
  configured: string | undefined,
  exists: (path: string) => boolean = existsSync,
): string {
  if (configured) {
    if (exists(configured)) return configured;
    throw new ChromiumNotFoundError(
      `CHROMIUM_PATH ${configured} does not exist; install Chromium with: apt-get install -y chromium`,
    );
  }
  const found = CHROMIUM_CANDIDATES.find((path) => exists(path));
  if (found) return found;
  throw new ChromiumNotFoundError(
    `Chromium not found at ${CHROMIUM_CANDIDATES.join(' or ')}; install it with: apt-get install -y chromium (or set CHROMIUM_PATH)`,
  );
}
