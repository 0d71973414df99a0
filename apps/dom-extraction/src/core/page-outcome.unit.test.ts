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

  it.each([
    ['an hCaptcha widget', '<div class="h-captcha" data-sitekey="k"></div>'],
    ['any widget with a site key', '<div data-sitekey="k"></div>'],
    ['an iframe titled as a challenge', '<iframe title="Widget containing a security challenge"></iframe>'],
    ['a challenge form', '<form action="/cdn-cgi/challenge-platform/h/b/orchestrate"></form>'],
    ['a generic captcha script', '<script src="/assets/captcha.js"></script>'],
    ['a challenge container', '<div id="challenge-running"></div>'],
  ])('finds captcha widgets by general markers: %s', (_what, body) => {
    expect(classify(page(body))).toMatchObject({ kind: 'blocked', reason: 'captcha' });
  });

  it.each([
    ['Checking your browser before accessing the site. This process is automatic.', 'Site'],
    ['Please enable JavaScript and cookies to continue', 'Site'],
    ['Press & Hold to confirm you are a human (and not a bot).', 'Site'],
    ['We need to make sure you are not a robot.', 'Site'],
    ['<p>…</p>', 'Pardon Our Interruption'],
    ['<p>…</p>', 'Robot or human?'],
  ])('names anti-bot interstitials: %s / %s', (body, title) => {
    expect(classify(page(`<p>${body}</p>`), 200, title)).toMatchObject({
      kind: 'blocked',
      reason: 'captcha',
      detail: expect.stringMatching(/^anti-bot interstitial/) as unknown,
    });
  });

  it('finds a redirect to a sign-in page as a login wall', () => {
    const outcome = classifyOutcome({
      status: 200,
      title: 'Account',
      html: page('<p>Welcome. Use your company account.</p>'),
      requestedUrl: 'http://site.test/reports/q3',
      finalUrl: 'http://site.test/login?next=/reports/q3',
    });
    expect(outcome).toMatchObject({ kind: 'blocked', reason: 'login_wall' });
    expect(
      classifyOutcome({
        status: 200,
        title: 'Login help',
        html: page('<p>How to log in</p>'),
        requestedUrl: 'http://site.test/login/help',
        finalUrl: 'http://site.test/login/help',
      }),
    ).toEqual({ kind: 'ok' });
  });

  it.each(['You must be logged in to view this page.', 'Sign in to see this post', 'Login required'])(
    'finds sign-in prompts: %s',
    (text) => {
      expect(classify(page(`<p>${text}</p>`))).toMatchObject({ reason: 'login_wall' });
    },
  );

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

  it('keeps a short product page with a captcha on its newsletter form ok, and calls it a wall once it says so', () => {
    const product = `<h1>Reading lenses</h1><p>${words(200)}</p><p>Price: 40.00 €</p>
      <form><input name="email"><div class="g-recaptcha" data-size="invisible"></div></form>`;
    expect(classify(page(product))).toEqual({ kind: 'ok' });
    expect(classify(page(`${product}<p>Please verify you are a human.</p>`))).toMatchObject({
      kind: 'blocked',
      reason: 'captcha',
    });
  });

  it('reads a captcha guarding a form that asks for something else as that form’s, not a wall', () => {
    const feedback = `<h1>Tide tables</h1><p>${words(40)}</p>
      <form action="/feedback"><textarea name="message"></textarea><input type="email" name="from">
      <div class="g-recaptcha" data-sitekey="k"></div><button>Send</button></form>`;
    expect(classify(page(feedback))).toEqual({ kind: 'ok' });
    // a form with only the challenge (its own answer field, a submit button) is the wall itself
    const wall = `<form action="/verify"><img src="/captcha.png"><input type="text" name="captcha_answer">
      <div class="g-recaptcha" data-sitekey="k"></div><button>Continue</button></form>`;
    expect(classify(page(wall))).toMatchObject({ kind: 'blocked', reason: 'captcha' });
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
