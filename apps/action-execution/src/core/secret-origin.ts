import type { ResolvedSecret } from './redact.js';

/**
 * Why a secret may not be typed into the page at `pageUrl`, or undefined when it may: a secret
 * given for one site is typed into that site's pages only, wherever the run has gone since.
 */
export function secretRefusal(secret: ResolvedSecret, pageUrl: string): string | undefined {
  if (secret.origin === undefined) return undefined;
  const here = originOf(pageUrl);
  if (here === secret.origin) return undefined;
  return `secret handle ${secret.handle} is bound to ${secret.origin}; it is not typed into ${here ?? 'this page'}`;
}

function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return /^https?:$/.test(u.protocol) ? u.origin : undefined;
  } catch {
    return undefined;
  }
}
