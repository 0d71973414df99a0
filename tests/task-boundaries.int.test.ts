import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { runNeedsInput, type EventPayload, type InputAnswer } from '@forage/contracts';
import { decodeJson } from '@forage/messaging';
import {
  startInProcessStack,
  waitAllHealthy,
  type InProcessStack,
  type StartedService,
} from './support/stack.js';
import { askOverHttp, type RunCompletion } from './support/runs.js';

/**
 * Personal details go only where the user said (issue 25), through the whole stack: a real
 * nats-server, every service in process, real Chromium, and two local sites on loopback that each
 * have a contact form and a login form and record every request. The named site confirms in
 * unusual words and links to the other one.
 */
interface Site {
  readonly origin: string;
  /** Every request, as "METHOD /path". */
  readonly hits: string[];
  /** Bodies of the forms posted to it, by path. */
  readonly posted: { path: string; body: Record<string, string> }[];
  readonly server: Server;
}

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main>${body}</main></body></html>`;

const CONTACT = (partner: string): string =>
  page(
    'Contact the workshop',
    `<h1>Contact the workshop</h1>
<p>Tell us what you would like made and we will write back.</p>
<form method="post" action="/contact">
<label for="name">Your name</label><input id="name" name="name" required>
<label for="email">Email</label><input id="email" type="email" name="email" required>
<label for="message">Message</label><textarea id="message" name="message" required></textarea>
<button type="submit">Send</button>
</form>
<p>Large orders: <a href="${partner}/contact">write to our partner shop</a>.</p>`,
  );

const LOGIN = page(
  'Sign in',
  `<h1>Sign in</h1>
<form method="post" action="/login">
<label for="email">Email address</label><input id="email" type="email" name="email" required>
<label for="password">Password</label><input id="password" type="password" name="password" required>
<button type="submit">Sign in</button>
</form>`,
);

/** What the named site says once the form is sent: no "thank you", "sent" or "received". */
const UNUSUAL = 'Your note is on its way to the crew';

/** Called on every GET before it is answered; the answer waits for what it returns. */
type OnGet = (path: string, count: number) => Promise<void> | undefined;

async function startSite(partner: () => string, onGet: OnGet = () => undefined): Promise<Site> {
  const hits: string[] = [];
  const posted: Site['posted'] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push(`${req.method ?? 'GET'} ${path}`);
    const html = (body: string): void => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    };
    if (req.method === 'POST') {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        posted.push({ path, body: Object.fromEntries(new URLSearchParams(raw)) });
        if (path === '/contact')
          html(page('Workshop', `<h1>${UNUSUAL}</h1><p>We answer within two days.</p>`));
        // a page that says nothing a reader could take for a confirmation
        else if (path === '/note') html('<!doctype html><html><body><p>Noted.</p></body></html>');
        // the form page again, as a site that dropped the submission shows it
        else if (path === '/same') html(CONTACT(partner()).replace('action="/contact"', 'action="/same"'));
        else html(page('Account', '<h1>Welcome back</h1><p>You are signed in.</p>'));
      });
      return;
    }
    const count = hits.filter((h) => h === `GET ${path}`).length;
    const wait = onGet(path, count);
    if (wait) {
      void wait.then(() => {
        html(CONTACT(partner()).replace('action="/contact"', 'action="/late"'));
      });
      return;
    }
    if (path === '/contact') html(CONTACT(partner()));
    else if (path === '/note') html(CONTACT(partner()).replace('action="/contact"', 'action="/note"'));
    else if (path === '/same') html(CONTACT(partner()).replace('action="/contact"', 'action="/same"'));
    else if (path === '/late') html(CONTACT(partner()).replace('action="/contact"', 'action="/late"'));
    else if (path === '/login') html(LOGIN);
    else if (path === '/') html(page('Workshop', '<h1>Workshop</h1><p><a href="/contact">Contact</a></p>'));
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    hits,
    posted,
    server,
  };
}

async function stopSite(site: Site): Promise<void> {
  site.server.closeAllConnections();
  await new Promise((resolve) => site.server.close(resolve));
}

interface StepEvent {
  step: string;
  status: string;
  detail: string;
}

type NeedsInput = EventPayload<typeof runNeedsInput>;

describe('a task sends personal details only where the user said', () => {
  let named: Site;
  let other: Site;
  let stack: InProcessStack;
  let nc: NatsConnection;
  let sub: Subscription;
  /** How the user answers each needs_input (none: the run gets no answer). */
  let answer: (asked: NeedsInput) => InputAnswer[] | undefined = () => undefined;
  const asked: NeedsInput[] = [];
  /** How the gateway answered each of the user's replies (202: passed on to the waiting run). */
  const replies: (number | string)[] = [];

  /** What the named site does on a GET (the last test stops action-execution from here). */
  let onNamedGet: OnGet = () => undefined;

  beforeAll(async () => {
    named = await startSite(
      () => other.origin,
      (path, count) => onNamedGet(path, count),
    );
    other = await startSite(() => named.origin);
    stack = await startInProcessStack({ allowOrigins: [named.origin, other.origin] });
    await waitAllHealthy(stack.services);
    nc = await connect({ servers: stack.nats.url });
    sub = nc.subscribe(runNeedsInput.subject, {
      callback: (_err, msg) => {
        const event = runNeedsInput.payload.parse(decodeJson(msg.data));
        asked.push(event);
        const answers = answer(event);
        if (answers)
          void fetch(`${stack.gatewayUrl}/v1/runs/${event.runId}/input`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ answers, remember: true }),
          }).then(
            (res) => replies.push(res.status),
            (err: unknown) => replies.push(String(err)),
          );
      },
    });
  }, 240_000);

  afterAll(async () => {
    sub.unsubscribe();
    await nc.close();
    await stack.stop();
    await stopSite(named);
    await stopSite(other);
  }, 60_000);

  const ask = async (
    question: string,
  ): Promise<{ runId: string; completed: RunCompletion; steps: StepEvent[]; asked: NeedsInput[] }> => {
    const run = await askOverHttp(stack.gatewayUrl, question);
    return {
      runId: run.runId,
      completed: run.completed,
      steps: run.events.filter((e) => e.event === 'step').map((e) => e.data as StepEvent),
      asked: asked.filter((a) => a.runId === run.runId),
    };
  };

  it('a message given without quotes fills the fields, and the named site alone is acted on, in its own words', async () => {
    const run = await ask(
      `Send the contact form on ${named.origin}/contact with name Ana Lee, email ana@x.example and message I would like a quote for ten chairs`,
    );
    const trace = run.steps.map((s) => `${s.step} ${s.status}: ${s.detail}`).join('\n');
    // (c) nothing is asked: every field came from the request, unquoted
    expect(run.asked).toEqual([]);
    expect(named.posted).toEqual([
      {
        path: '/contact',
        body: { name: 'Ana Lee', email: 'ana@x.example', message: 'I would like a quote for ten chairs' },
      },
    ]);
    // (a) the unusual confirmation is the named site's; the other site got no request at all
    expect({ outcome: run.completed.outcome, trace }).toEqual({ outcome: 'answered', trace });
    // the confirmation is cited where the page shows it: the heading, or the text it heads
    expect(run.completed.answer?.text).toMatch(
      /Your note is on its way to the crew|We answer within two days/,
    );
    expect(run.completed.answer?.citations.map((c) => new URL(c.url).origin)).toEqual([named.origin]);
    expect(other.hits).toEqual([]);
    expect(run.steps.filter((s) => s.step === 'search')).toEqual([]);
    const sandbox = stack.sandbox.sites.map((s) => s.origin);
    for (const s of run.steps) for (const origin of sandbox) expect(s.detail).not.toContain(origin);
  }, 180_000);

  it('a submission the named site does not confirm is reported as such, and no other site is tried', async () => {
    const run = await ask(
      `Send the contact form on ${named.origin}/note with name Ana Lee, email ana@x.example and message Two stools as well`,
    );
    expect(named.posted.filter((p) => p.path === '/note')).toHaveLength(1);
    expect(run.completed.answer).toBeNull();
    expect(run.completed.outcome).toBe('no_answer');
    expect(run.completed.failures.map((f) => f.reason)).toContainEqual(
      expect.stringContaining(
        `the form on ${named.origin}/note was submitted, but the page showed no confirmation`,
      ),
    );
    expect(other.hits).toEqual([]);
    expect(run.steps.filter((s) => s.step === 'search')).toEqual([]);
  }, 180_000);

  it('the form page shown again after sending is no confirmation: the run says so', async () => {
    const run = await ask(
      `Send the contact form on ${named.origin}/same with name Ana Lee, email ana@x.example and message A bench too`,
    );
    expect(named.posted.filter((p) => p.path === '/same')).toHaveLength(1);
    expect(run.completed.answer).toBeNull();
    expect(run.completed.failures.map((f) => f.reason).join(' ')).toContain(
      `the form on ${named.origin}/same was submitted, but the page only showed again what it showed before`,
    );
    expect(other.hits).toEqual([]);
  }, 180_000);

  it('a detail given for one site is asked again before use on another, and a secret is never typed into another site', async () => {
    // the user gives name and email for the named site's form; they are kept for that site
    answer = (q) =>
      q.questions.map((x) => ({ key: x.key, value: x.key === 'email' ? 'ana@x.example' : 'Ana Lee' }));
    const first = await ask(
      `Send the contact form on ${named.origin}/contact with message "Ten chairs, please"`,
    );
    expect(first.asked.map((a) => a.questions.map((x) => x.key))).toEqual([['name', 'email']]);
    expect(first.completed.outcome).toBe('answered');

    // (b) the other site's login: the email held for the named site is not used there unasked
    answer = (q) =>
      q.questions.map((x) => ({
        key: x.key,
        value: x.key === 'password' ? 'Kite-Lantern-77' : 'ana@x.example',
      }));
    const login = await ask(`Log in on ${other.origin}/login`);
    expect(login.asked).toHaveLength(1);
    expect(login.asked[0]?.questions).toEqual([
      expect.objectContaining({
        key: 'email',
        sensitive: false,
        prompt: expect.stringContaining(`memory holds one given for ${named.origin}`) as unknown,
      }),
      expect.objectContaining({ key: 'password', sensitive: true }),
    ]);
    expect(replies.filter((r) => r !== 202)).toEqual([]);
    const loginTrace = login.steps.map((s) => `${s.step} ${s.status}: ${s.detail}`).join('\n');
    expect({ posted: other.posted, trace: loginTrace }).toEqual({
      posted: [{ path: '/login', body: { email: 'ana@x.example', password: 'Kite-Lantern-77' } }],
      trace: loginTrace,
    });

    // the password now held for the other site is not typed into the named site's login: it is asked,
    // and when the user gives nothing ("go on without"), nothing is sent
    answer = () => [];
    const back = await ask(`Log in on ${named.origin}/login`);
    expect(back.asked).toHaveLength(1);
    expect(back.asked[0]?.questions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          key: 'password',
          sensitive: true,
          prompt: expect.stringContaining(`memory holds one given for ${other.origin}`) as unknown,
        }),
      ]),
    );
    expect(named.posted.filter((p) => p.path === '/login')).toEqual([]);
    expect(JSON.stringify(named.posted)).not.toContain('Kite-Lantern-77');
    expect(back.completed.answer).toBeNull();
  }, 400_000);

  it('a task that names no site asks the user to confirm the one it found, and types nothing there on a no', async () => {
    answer = (q) =>
      q.questions.map((x) => ({ key: x.key, value: x.key === 'confirm-site' ? 'no' : 'Ana Lee' }));
    const run = await ask(
      'Send a contact form with name Ana Lee, email ana@x.example and message Do you make oak chairs to order',
    );
    const trace = run.steps.map((s) => `${s.step} ${s.status}: ${s.detail}`).join('\n');
    expect({ asked: run.asked.length, trace }).toEqual({ asked: 1, trace });
    const confirm = run.asked[0]?.questions.find((q) => q.key === 'confirm-site');
    expect(confirm?.prompt).toMatch(/^The request names no site\. Fill in and send the form on http/);
    // nothing was typed or sent anywhere: no action ran after the refusal
    expect(run.steps.filter((s) => s.step === 'act')).toEqual([]);
    expect(run.completed.answer).toBeNull();
    expect(run.completed.failures.map((f) => f.reason).join(' ')).toContain('was not confirmed');
  }, 240_000);

  it('a task whose action did not complete says so: action-execution stopped mid-task is not a success', async () => {
    const index = stack.services.findIndex((x) => x.name === 'action-execution');
    const service = stack.services[index];
    if (!service) throw new Error('no action-execution in the stack');
    // the run reads the page (dom-extraction), then opens it to act (action-execution): the
    // service is stopped while that second load is in flight, so the form is never filled or sent
    let stopped: Promise<void> | undefined;
    onNamedGet = (path, count) => {
      if (path !== '/late' || count < 2) return undefined;
      stopped ??= service.stop();
      return stopped.then(() => new Promise((r) => setTimeout(r, 500)));
    };
    (stack.services as StartedService[])[index] = { ...service, stop: () => stopped ?? Promise.resolve() };
    const otherBefore = other.hits.length;
    const run = await ask(
      `Send the contact form on ${named.origin}/late with name Ana Lee, email ana@x.example and message Three tables`,
    );
    expect(stopped).toBeDefined();
    expect(named.posted.filter((p) => p.path === '/late')).toEqual([]);
    expect(run.completed.answer).toBeNull();
    expect(run.completed.outcome).not.toBe('answered');
    expect(run.completed.failures.map((f) => f.reason).join(' ')).toContain(
      `the task on ${named.origin}/late could not be performed`,
    );
    expect(other.hits.slice(otherBefore)).toEqual([]);
  }, 240_000);
});
