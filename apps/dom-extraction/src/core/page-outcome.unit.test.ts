import { classifyOutcome, readSignals } from './page-outcome.js';

const page = (body: string, head = '<title>Page</title>') =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const classify = (html: string, status = 200, title = 'Page') => classifyOutcome({ status, title, html });

describe('classifyOutcome', () => {
  it('calls an ordinary page ok', () => {
    expect(classify(page(`<h1>Hotels</h1><p>${words(400)}</p>`))).toEqual({ kind: 'ok' });
    expect(classify(page('<p>short but fine</p>'))).toEqual({ kind: 'ok' });
  });

  it.each([
    [403, 'http_403'],
    [429, 'http_429'],
    [503, 'http_503'],
  ])('HTTP %d is blocked: %s', (status, reason) => {
    expect(classify(page('<h1>Forbidden</h1>'), status)).toEqual({
      kind: 'blocked',
      reason,
      detail: `HTTP ${status}`,
    });
  });

  it('does not call other error statuses blocked (the page is what the server said)', () => {
    expect(classify(page('<h1>Not found</h1>'), 404)).toEqual({ kind: 'ok' });
    expect(classify(page('<h1>Oops</h1>'), 500)).toEqual({ kind: 'ok' });
  });

  it('finds captcha widgets, challenge text and challenge titles', () => {
    expect(classify(page('<div class="g-recaptcha" data-sitekey="x"></div>'))).toMatchObject({
      reason: 'captcha',
    });
    expect(classify(page('<script src="https://www.google.com/recaptcha/api.js"></script>'))).toMatchObject({
      reason: 'captcha',
    });
    expect(classify(page('<div class="h-captcha"></div>'))).toMatchObject({ reason: 'captcha' });
    expect(
      classify(page('<iframe src="https://challenges.cloudflare.com/cdn-cgi/challenge"></iframe>')),
    ).toMatchObject({ reason: 'captcha' });
    expect(classify(page('<p>Please verify you are a human to continue.</p>'))).toMatchObject({
      reason: 'captcha',
    });
    expect(
      classify(page('<p>Our systems have detected unusual traffic from your computer network.</p>')),
    ).toMatchObject({ reason: 'captcha' });
    expect(classify(page('<p>One moment</p>'), 200, 'Just a moment...')).toMatchObject({ reason: 'captcha' });
  });

  it('names a challenge served with 403 a captcha: waiting will not help', () => {
    expect(classify(page('<div id="cf-turnstile"></div>'), 403)).toMatchObject({
      kind: 'blocked',
      reason: 'captcha',
    });
  });

  it('ignores captcha markers on long pages (a comment form is not a wall)', () => {
    expect(
      classify(page(`<article>${words(500)}</article><form><div class="g-recaptcha"></div></form>`)),
    ).toEqual({ kind: 'ok' });
  });

  it('finds login walls: a password field with little else, a sign-in prompt, or 401', () => {
    const form =
      '<form><label>Email <input type="email"></label><label>Password <input type="PASSWORD"></label><button>Sign in</button></form>';
    expect(classify(page(`<h1>Welcome back</h1>${form}`))).toEqual({
      kind: 'blocked',
      reason: 'login_wall',
      detail: expect.stringMatching(/password field on a page of \d+ words/) as unknown,
    });
    expect(classify(page('<p>Please log in to continue reading.</p>'))).toMatchObject({
      reason: 'login_wall',
    });
    expect(classify(page('<p>Unauthorized</p>'), 401)).toMatchObject({
      reason: 'login_wall',
      detail: 'HTTP 401',
    });
  });

  it('keeps a content page with a login box in its header ok', () => {
    const header = '<header><form><input type="password"></form></header>';
    expect(classify(page(`${header}<main>${words(300)}</main>`))).toEqual({ kind: 'ok' });
  });

  it('keeps details within the contract limit', () => {
    const outcome = classify(page(`<div class="captcha ${'x'.repeat(2000)}"></div>`));
    expect(outcome.kind === 'blocked' && outcome.detail.length).toBeLessThanOrEqual(500);
  });
});

describe('readSignals', () => {
  it('counts password fields and visible words, skipping scripts', () => {
    const signals = readSignals(
      page('<p>one two three</p><input type=password><script>var a = "not words here"</script>'),
    );
    expect(signals).toMatchObject({ passwordFields: 1, words: 3, captchaMarker: null });
  });
});
