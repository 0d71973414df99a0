import { research } from './research.js';
import { planHeuristically } from './plan/heuristic-planner.js';
import { taskOutcomeOf } from './loop/task-outcome.js';
import { fakeRun, type FakePage, type FakeWeb } from './testing/fake-web.js';
import { TEST_LIMITS } from './testing/fixtures.js';

const NAMED = 'http://named.test';
const OTHER = 'http://other.test';

const contactForm = `<form action="/contact" method="post">
<label for="n">Your name</label><input id="n" name="name" required>
<label for="m">Message</label><textarea id="m" name="message" required></textarea>
<button type="submit">Send</button></form>`;

const loginForm = `<form action="/login" method="post">
<label for="u">Email</label><input type="email" id="u" name="email" required>
<label for="p">Password</label><input type="password" id="p" name="pw" required>
<button type="submit">Sign in</button></form>`;

/** The named site's form page, and another site with a form of the same kind that must stay untouched. */
function webWith(named: FakePage, path = '/contact'): FakeWeb {
  return {
    pages: {
      [`${NAMED}${path}`]: named,
      [`${OTHER}${path}`]: {
        title: 'Contact',
        lines: ['Write to us.'],
        form: named.form ?? '',
        afterSubmit: ['Thank you, your message was sent.'],
      },
    },
    index: { contact: [`${OTHER}${path}`], 'contact form': [`${OTHER}${path}`] },
  };
}

async function run(web: FakeWeb, question: string) {
  const fake = fakeRun(web, {
    user: {
      memory: new Map<string, string | { secretHandle: string }>([
        ['name', 'Ada'],
        ['email', 'ada@example.org'],
        ['password', { secretHandle: 'pw-1' }],
      ]),
      memoryFor: NAMED,
    },
  });
  const result = await research(fake.acts, {
    plan: planHeuristically({ question }),
    limits: TEST_LIMITS,
    sufficientConfidence: 0.6,
    resultsPerSearch: 5,
  });
  return { fake, result };
}

const touchedOther = (calls: readonly string[]): string[] => calls.filter((c) => c.includes(OTHER));

describe('a task is done only on positive evidence from the site the user named', () => {
  const send = `Send the contact form on ${NAMED}/contact with message "Do you ship abroad?"`;

  it('reports a wrong password as failed, in the page’s own words, and answers nothing', async () => {
    const { fake, result } = await run(
      webWith(
        {
          title: 'Sign in',
          lines: ['Sign in to your account.'],
          form: loginForm,
          afterSubmit: ['The password you entered is incorrect.'],
        },
        '/login',
      ),
      `Log in on ${NAMED}/login`,
    );
    expect(result.outcome).toBe('failed');
    expect(result.answer).toBeNull();
    expect(result.failures.map((f) => f.reason).join(' ')).toContain(
      'The password you entered is incorrect.',
    );
    expect(touchedOther(fake.calls)).toEqual([]);
  });

  it('says the form was sent without a confirmation, and never goes to another site with the details', async () => {
    const { fake, result } = await run(
      webWith({ title: 'Contact', lines: ['Write to us.'], form: contactForm, afterSubmit: [] }),
      send,
    );
    expect(result.outcome).toBe('no_answer');
    expect(result.failures.map((f) => f.reason).join(' ')).toContain('showed no confirmation');
    expect(fake.calls.filter((c) => c.startsWith('act '))).toHaveLength(1);
    expect(fake.calls.filter((c) => c.startsWith('search '))).toEqual([]);
    expect(touchedOther(fake.calls)).toEqual([]);
  });

  it('does not take the form page showing its own words again for a confirmation', async () => {
    const { fake, result } = await run(
      webWith({
        title: 'Contact',
        lines: ['Write to us.'],
        form: contactForm,
        afterSubmit: ['Write to us.'],
      }),
      send,
    );
    expect(result.outcome).toBe('no_answer');
    expect(result.answer).toBeNull();
    expect(result.failures.map((f) => f.reason).join(' ')).toContain(
      `the form on ${NAMED}/contact was submitted, but the page only showed again what it showed before ("Write to us.")`,
    );
    expect(touchedOther(fake.calls)).toEqual([]);
  });

  it('takes an announcement in unusual words from the named site as the confirmation', async () => {
    const { fake, result } = await run(
      webWith({
        title: 'Contact',
        lines: ['Write to us.'],
        form: contactForm,
        afterSubmit: ['Your note is on its way to the crew.'],
      }),
      send,
    );
    expect(result.outcome).toBe('answered');
    expect(result.answer?.text).toContain('on its way to the crew');
    expect(touchedOther(fake.calls)).toEqual([]);
  });
});

describe('taskOutcomeOf', () => {
  const url = `${NAMED}/contact`;

  it('is failed on a notice the page marks as an error, whatever its words', () => {
    expect(
      taskOutcomeOf({ url, planned: 3, ran: 3, messages: [{ kind: 'error', text: 'Bitte prüfen.' }] }),
    ).toEqual({ kind: 'failed', text: 'Bitte prüfen.' });
  });

  it('is failed on a notice that reads as an error, before any confirmation', () => {
    expect(
      taskOutcomeOf({
        url,
        planned: 3,
        ran: 3,
        messages: [
          { kind: 'status', text: 'Email is required' },
          { kind: 'confirmation', text: 'Contact' },
        ],
      }).kind,
    ).toBe('failed');
  });

  it('is confirmed only by words the page did not show before the action', () => {
    const messages = [{ kind: 'confirmation', text: 'Contact  the workshop' }];
    expect(
      taskOutcomeOf({
        url,
        planned: 3,
        ran: 3,
        messages,
        shownBefore: ['Contact the workshop', 'Write to us.'],
      }).kind,
    ).toBe('unconfirmed');
    expect(taskOutcomeOf({ url, planned: 3, ran: 3, messages, shownBefore: ['Write to us.'] })).toEqual({
      kind: 'confirmed',
      text: 'Contact  the workshop',
    });
  });

  it('is unconfirmed when not every action ran', () => {
    const outcome = taskOutcomeOf({ url, planned: 3, ran: 2, messages: [{ kind: 'status', text: 'Saved' }] });
    expect(outcome).toEqual({
      kind: 'unconfirmed',
      reason: `the task on ${url} did not complete: 2 of 3 actions ran`,
    });
  });
});
