import type { Plan } from '../plan/plan.js';

/**
 * The site a task may act on: the one the user named (a URL's origin, or a host such as
 * "shop.example"). A task that names none acts only on a site the user confirmed when asked.
 * Personal details go to that site alone; a task never looks for another site to send them to.
 */
export function namedTaskSite(plan: Plan): string | undefined {
  if (plan.kind !== 'task') return undefined;
  const url = plan.startUrls[0];
  if (url) return originOf(url);
  return plan.site ? (originOf(plan.site) ?? plan.site.toLowerCase()) : undefined;
}

/** Is `url` on `site` (an origin, or a bare host matched on any scheme and port)? */
export function isOnSite(url: string, site: string): boolean {
  const origin = originOf(url);
  if (!origin) return false;
  if (/^https?:\/\//.test(site)) return origin === site;
  return new URL(origin).hostname === site;
}

export function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return /^https?:$/.test(u.protocol) ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The key of the needs_input question that asks the user to confirm a site the task found itself. */
export const CONFIRM_SITE_KEY = 'confirm-site';

/** A yes to the confirmation question, in the words a person would type. */
export function confirms(answer: string | undefined): boolean {
  return answer !== undefined && /^\s*(?:y|yes|ok|okay|sure|confirm(?:ed)?|go ahead|do it)\b/i.test(answer);
}
