import { Parser } from 'htmlparser2';
import type { PageSnapshot } from '@forage/contracts';
import { visibleText } from '@forage/html';

/**
 * Decides whether a rendered page is the content we asked for or a wall in front of it.
 * A blocked page is an outcome, not an error: its evidence is kept so the decision can be checked.
 * Only general markers count (widgets, challenge wording, status codes), never particular sites.
 */
export type PageOutcome = PageSnapshot['outcome'];

/** Below this many visible words a page with a password field is a login wall, not content. */
export const LOGIN_WALL_MAX_WORDS = 150;
/** Challenge wording on a page with more to read than this is part of the content, not a wall. */
export const CAPTCHA_MAX_WORDS = 300;
/**
 * A captcha widget with no challenge wording is a wall only on a page with as little to read as a
 * login wall: shops, forums and blogs put captchas on their review, contact and sign-up forms.
 */
export const CAPTCHA_WIDGET_MAX_WORDS = LOGIN_WALL_MAX_WORDS;

export type BlockReason = Extract<PageOutcome, { kind: 'blocked' }>['reason'];

const BLOCKING_STATUS: ReadonlyMap<number, BlockReason> = new Map([
  [403, 'http_403'],
  [429, 'http_429'],
  [503, 'http_503'],
]);

/** Widget and challenge-script hosts and paths, and anything that calls itself a captcha. */
const CAPTCHA_SRC =
  /captcha|challenges\.cloudflare\.com|challenge-platform|turnstile|captcha-delivery\.com|arkoselabs|funcaptcha|perimeterx|px-cdn|datadome/i;
const CAPTCHA_ATTR =
  /(^|[\s_-])(g-recaptcha|recaptcha|h-captcha|hcaptcha|cf-turnstile|turnstile|captcha|cf-challenge|challenge-form|challenge-running|px-captcha)([\s_-]|$)/i;
const CAPTCHA_TEXT =
  /verify(ing)? (that )?you are (a )?human|confirm (that )?you are (a )?human|prove (that )?you(’|')?re (a )?human|are you a (robot|human)|not a robot|robot or human|unusual traffic from your (computer|network)|checking (if the site connection is secure|your browser)|complete the security check|press (and|&) hold|enable javascript and cookies to continue|this process is automatic|automated (access|requests|queries)|solve (the|this) (captcha|puzzle)/i;
const CHALLENGE_TITLE =
  /^(just a moment|attention required|security check|verify(ing)? you are human|are you a robot|robot or human|pardon our interruption|human verification|one more step|please wait while we verify)/i;
const LOGIN_TEXT =
  /(sign|log) ?in to (continue|view|see|access|read)|please (sign|log) ?in|you (must|need to) (be logged|log|sign) ?in|(login|sign-?in) required|members only|log ?in or sign ?up to (continue|view)/i;
/** A final URL that is a sign-in page (when the requested one was not). */
const LOGIN_PATH =
  /\/(log-?in|sign-?in|signin|auth|sso|account\/login|users?\/sign_in|session\/new)(\/|$|\?|\.)/i;

export interface PageSignals {
  readonly passwordFields: number;
  readonly captchaMarker: string | null;
  readonly words: number;
  readonly text: string;
}

/** Fields a form asks a person to fill in; a captcha's own answer field is not one. */
const ASKING_INPUT = new Set(['', 'text', 'email', 'search', 'tel', 'number', 'url']);

function asksSomething(name: string, attrs: Record<string, string>): boolean {
  const own = `${attrs['name'] ?? ''} ${attrs['id'] ?? ''} ${attrs['class'] ?? ''}`;
  if (/captcha|challenge/i.test(own)) return false;
  if (name === 'textarea' || name === 'select') return true;
  return name === 'input' && ASKING_INPUT.has((attrs['type'] ?? '').toLowerCase());
}

/**
 * One pass over the markup for the structural signals, plus the visible text. A captcha inside a
 * form that asks for something else (a search box, a message, an email) guards that form — a
 * feedback or newsletter form on a content page — and is no sign of a wall.
 */
export function readSignals(html: string): PageSignals {
  let passwordFields = 0;
  let captchaMarker: string | null = null;
  let formDepth = 0;
  let formAsks = false;
  let formMarker: string | null = null;
  const closeForm = (): void => {
    if (!formAsks && formMarker !== null) captchaMarker ??= formMarker;
    formAsks = false;
    formMarker = null;
  };
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'input' && attrs['type']?.toLowerCase() === 'password') passwordFields++;
        if (name === 'form' && formDepth++ === 0) {
          formAsks = false;
          formMarker = null;
        }
        if (formDepth > 0 && asksSomething(name, attrs)) formAsks = true;
        const marker = captchaMarkerOf(name, attrs);
        if (marker === null) return;
        if (formDepth > 0) formMarker ??= marker;
        else captchaMarker ??= marker;
      },
      onclosetag(name) {
        if (name === 'form' && formDepth > 0 && --formDepth === 0) closeForm();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  if (formDepth > 0) closeForm();
  const text = visibleText(html);
  const words = text.split(/\s+/).filter(Boolean).length;
  return { passwordFields, captchaMarker, words, text };
}

function captchaMarkerOf(name: string, attrs: Record<string, string>): string | null {
  const src = name === 'script' || name === 'iframe' ? (attrs['src'] ?? '') : '';
  if (CAPTCHA_SRC.test(src)) return `${name} src ${src.slice(0, 200)}`;
  if (name === 'iframe' && /captcha|challenge/i.test(attrs['title'] ?? ''))
    return `iframe title "${(attrs['title'] ?? '').slice(0, 100)}"`;
  if (name === 'form' && /challenge|captcha/i.test(attrs['action'] ?? ''))
    return `form action ${(attrs['action'] ?? '').slice(0, 200)}`;
  if (attrs['data-sitekey'] !== undefined) return `${name} data-sitekey`;
  for (const attr of ['class', 'id'] as const) {
    const value = attrs[attr] ?? '';
    if (CAPTCHA_ATTR.test(value)) return `${attr}="${value.slice(0, 100)}"`;
  }
  return null;
}

function captchaEvidence(signals: PageSignals, title: string): string | null {
  if (signals.words >= CAPTCHA_MAX_WORDS) return null;
  if (signals.captchaMarker && signals.words < CAPTCHA_WIDGET_MAX_WORDS)
    return `captcha marker: ${signals.captchaMarker}`;
  const text = CAPTCHA_TEXT.exec(signals.text)?.[0];
  if (text) return `anti-bot interstitial: text "${text}"`;
  return CHALLENGE_TITLE.test(title.trim()) ? `anti-bot interstitial: title "${title.slice(0, 100)}"` : null;
}

function loginWallEvidence(
  signals: PageSignals,
  urls: { requestedUrl?: string | undefined; finalUrl?: string | undefined },
): string | null {
  if (signals.words >= LOGIN_WALL_MAX_WORDS) return null;
  if (signals.passwordFields > 0) return `password field on a page of ${signals.words} words`;
  const loginText = LOGIN_TEXT.exec(signals.text)?.[0];
  if (loginText) return `"${loginText}" on a page of ${signals.words} words`;
  const { requestedUrl, finalUrl } = urls;
  if (requestedUrl && finalUrl && LOGIN_PATH.test(pathOf(finalUrl)) && !LOGIN_PATH.test(pathOf(requestedUrl)))
    return `redirected to sign-in page ${finalUrl.slice(0, 200)}`;
  return null;
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return '';
  }
}

/**
 * Captcha and anti-bot interstitials first (a challenge served with 403/503 is best named a
 * captcha: retrying later will not help), then the blocking HTTP statuses, then login walls (a
 * 401, a password field or a sign-in prompt on a page with little else to read, or a redirect to a
 * sign-in page). Walls are short pages: markers on long pages do not count.
 */
export function classifyOutcome(input: {
  status: number;
  title: string;
  html: string;
  requestedUrl?: string;
  finalUrl?: string;
}): PageOutcome {
  const signals = readSignals(input.html);
  const captcha = captchaEvidence(signals, input.title);
  if (captcha) return { kind: 'blocked', reason: 'captcha', detail: captcha.slice(0, 500) };
  const statusReason = BLOCKING_STATUS.get(input.status);
  if (statusReason) return { kind: 'blocked', reason: statusReason, detail: `HTTP ${input.status}` };
  if (input.status === 401) return { kind: 'blocked', reason: 'login_wall', detail: 'HTTP 401' };
  const login = loginWallEvidence(signals, input);
  if (login) return { kind: 'blocked', reason: 'login_wall', detail: login.slice(0, 500) };
  return { kind: 'ok' };
}
