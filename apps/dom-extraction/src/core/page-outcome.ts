import { Parser } from 'htmlparser2';
import type { PageSnapshot } from '@forage/contracts';
import { visibleText } from '@forage/html';

/**
 * Decides whether a rendered page is the content we asked for or a wall in front of it.
 * A blocked page is an outcome, not an error: its evidence is kept so the decision can be checked.
 */

export type PageOutcome = PageSnapshot['outcome'];

/** Below this many visible words a page with a password field is a login wall, not content. */
export const LOGIN_WALL_MAX_WORDS = 150;
/** A captcha widget on a page with more to read than this is a form on a content page, not a wall. */
export const CAPTCHA_MAX_WORDS = 300;

export type BlockReason = Extract<PageOutcome, { kind: 'blocked' }>['reason'];

const BLOCKING_STATUS: ReadonlyMap<number, BlockReason> = new Map([
  [403, 'http_403'],
  [429, 'http_429'],
  [503, 'http_503'],
]);

const CAPTCHA_SRC =
  /recaptcha|hcaptcha\.com|challenges\.cloudflare\.com|turnstile|captcha-delivery\.com|arkoselabs|funcaptcha/i;
const CAPTCHA_ATTR = /(^|[\s_-])(g-recaptcha|recaptcha|h-captcha|cf-turnstile|captcha)([\s_-]|$)/i;
const CAPTCHA_TEXT =
  /verify (that )?you are (a )?human|are you a robot|unusual traffic from your (computer|network)|checking (if the site connection is secure|your browser)|complete the security check|press (and|&) hold/i;
const CHALLENGE_TITLE = /^(just a moment|attention required|security check)/i;
const LOGIN_TEXT = /(sign|log) ?in to (continue|view|see|access)|please (sign|log) ?in|members only/i;

export interface PageSignals {
  readonly passwordFields: number;
  readonly captchaMarker: string | null;
  readonly words: number;
  readonly text: string;
}

/** One pass over the markup for the structural signals, plus the visible text. */
export function readSignals(html: string): PageSignals {
  let passwordFields = 0;
  let captchaMarker: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'input' && attrs['type']?.toLowerCase() === 'password') passwordFields++;
        if (captchaMarker !== null) return;
        const src = name === 'script' || name === 'iframe' ? (attrs['src'] ?? '') : '';
        if (CAPTCHA_SRC.test(src)) captchaMarker = `${name} src ${src.slice(0, 200)}`;
        for (const attr of ['class', 'id'] as const) {
          const value = attrs[attr] ?? '';
          if (captchaMarker === null && CAPTCHA_ATTR.test(value))
            captchaMarker = `${attr}="${value.slice(0, 100)}"`;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  const text = visibleText(html);
  const words = text.split(/\s+/).filter(Boolean).length;
  return { passwordFields, captchaMarker, words, text };
}

function captchaEvidence(signals: PageSignals, title: string): string | null {
  if (signals.words >= CAPTCHA_MAX_WORDS) return null;
  if (signals.captchaMarker) return signals.captchaMarker;
  const text = CAPTCHA_TEXT.exec(signals.text)?.[0];
  if (text) return `text "${text}"`;
  return CHALLENGE_TITLE.test(title) ? `title "${title.slice(0, 100)}"` : null;
}

/**
 * Captcha first (a challenge served with 403/503 is best named a captcha: retrying later will not
 * help), then the blocking HTTP statuses, then login walls (a 401, or a password field on a page
 * with little else to read). Walls are short pages: markers on long pages do not count.
 */
export function classifyOutcome(input: { status: number; title: string; html: string }): PageOutcome {
  const signals = readSignals(input.html);
  const captcha = captchaEvidence(signals, input.title);
  if (captcha)
    return { kind: 'blocked', reason: 'captcha', detail: `captcha marker: ${captcha}`.slice(0, 500) };
  const statusReason = BLOCKING_STATUS.get(input.status);
  if (statusReason) return { kind: 'blocked', reason: statusReason, detail: `HTTP ${input.status}` };
  if (input.status === 401) return { kind: 'blocked', reason: 'login_wall', detail: 'HTTP 401' };
  const fewWords = signals.words < LOGIN_WALL_MAX_WORDS;
  if (fewWords && signals.passwordFields > 0) {
    return {
      kind: 'blocked',
      reason: 'login_wall',
      detail: `password field on a page of ${signals.words} words`,
    };
  }
  const loginText = LOGIN_TEXT.exec(signals.text)?.[0];
  if (fewWords && loginText) {
    return {
      kind: 'blocked',
      reason: 'login_wall',
      detail: `"${loginText}" on a page of ${signals.words} words`,
    };
  }
  return { kind: 'ok' };
}
