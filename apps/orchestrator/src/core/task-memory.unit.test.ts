import { research } from './research.js';
import { planHeuristically } from './plan/heuristic-planner.js';
import { detailOf } from './memory/details.js';
import { fakeRun, type FakeUser, type FakeWeb } from './testing/fake-web.js';
import { TEST_LIMITS } from './testing/fixtures.js';

const S = 'http://shop.test';
const limits = TEST_LIMITS;

const contactForm = `<form action="/contact" method="post">
<label for="n">Your name</label><input id="n" name="name" required>
<label for="e">Email address</label><input type="email" id="e" name="email" required>
<label for="p">Account password</label><input type="password" id="p" name="pw">
<label for="m">Message</label><textarea id="m" name="message" required></textarea>
<button type="submit">Send message</button></form>`;

const web: FakeWeb = {
  pages: {
    [`${S}/contact`]: {
      title: 'Contact us',
      lines: ['Write to us and we answer within a day.'],
      form: contactForm,
      afterSubmit: ['Thank you, your message was sent.'],
    },
  },
  index: {},
};

const ask = (question: string, user: FakeUser) => {
  const fake = fakeRun(web, { user });
  const result = research(fake.acts, {
    plan: planHeuristically({ question }),
    limits,
    sufficientConfidence: 0.6,
    resultsPerSearch: 5,
  });
  return { fake, result };
};

const fills = (fake: ReturnType<typeof fakeRun>): unknown[] =>
  fake.acted.flat().flatMap((a) => (a.type === 'fill' ? [a.value] : []));

describe('task memory in the research loop', () => {
  const question = `Send the contact form on ${S}/contact with message "Do you ship abroad?"`;

  it('asks once for exactly the details the request lacks, then fills and sends the form', async () => {
    const { fake, result } = ask(question, {
      answers: new Map([
        ['name', 'Ada Lovelace'],
        ['email', 'ada@example.org'],
      ]),
    });
    const r = await result;
    expect(fake.questionsAsked).toEqual([['name', 'email']]);
    expect(fills(fake)).toEqual(
      expect.arrayContaining(['Do you ship abroad?', 'Ada Lovelace', 'ada@example.org']),
    );
    expect(r.outcome).toBe('answered');
    expect(r.answer?.text).toContain('message was sent');
  });

  it('asks nothing when memory holds the details, and asks only for what memory lacks', async () => {
    const all = ask(question, {
      memory: new Map([
        ['name', 'Ada Lovelace'],
        ['email', 'ada@example.org'],
      ]),
      memoryFor: S,
    });
    expect((await all.result).outcome).toBe('answered');
    expect(all.fake.questionsAsked).toEqual([]);
    expect(all.fake.steps.map((s) => s.detail)).toContainEqual('memory: name, email recalled');

    const some = ask(question, {
      memory: new Map([['email', 'ada@example.org']]),
      memoryFor: S,
      answers: new Map([['name', 'Ada']]),
    });
    expect((await some.result).outcome).toBe('answered');
    expect(some.fake.questionsAsked).toEqual([['name']]);
  });

  it('passes a remembered secret to the form only as its handle', async () => {
    const login = `Log in on ${S}/contact with message "hi"`;
    const secretWeb: FakeWeb = {
      ...web,
      pages: {
        [`${S}/contact`]: {
          ...web.pages[`${S}/contact`]!,
          form: contactForm.replace('name="pw">', 'name="pw" required>'),
        },
      },
    };
    const fake = fakeRun(secretWeb, {
      user: {
        memory: new Map<string, string | { secretHandle: string }>([
          ['name', 'Ada'],
          ['email', 'ada@example.org'],
          ['password', { secretHandle: 'in-password' }],
        ]),
        memoryFor: S,
      },
    });
    await research(fake.acts, {
      plan: planHeuristically({ question: login }),
      limits,
      sufficientConfidence: 0.6,
      resultsPerSearch: 5,
    });
    expect(fills(fake)).toContainEqual({ secretHandle: 'in-password' });
    expect(JSON.stringify(fake.steps)).not.toContain('in-password');
  });

  it('ends unfinished, naming the fields, when the user gives no answer — never guessing', async () => {
    const { fake, result } = ask(question, {});
    const r = await result;
    expect(fake.questionsAsked).toEqual([['name', 'email']]);
    expect(r.outcome).toBe('no_answer');
    expect(r.failures[0]?.reason).toMatch(/needs input: Your name, Email address/);
    expect(fake.acted.flat().some((a) => a.type === 'click')).toBe(false);
  });

  it('stops at the next step once the run is cancelled', async () => {
    const { fake, result } = ask(question, { cancelAfterCalls: 1 });
    const r = await result;
    expect(r.outcome).toBe('cancelled');
    expect(r.metrics.stoppedBy).toBe('cancelled');
    expect(fake.calls).toHaveLength(1);
  });
});

describe('detail keys', () => {
  it('names one detail by meaning whatever the page calls it', () => {
    expect(detailOf('Your e-mail address').key).toBe('email');
    expect(detailOf('E-Mail').key).toBe('email');
    expect(detailOf('Mobile number').key).toBe('phone');
    expect(detailOf('Check-in date').key).toBe('check-in-date');
    expect(detailOf('Favourite colour').key).toBe('favourite-colour');
    expect(detailOf('PIN', 'password')).toMatchObject({ key: 'password', sensitive: true });
    expect(detailOf('Message').reusable).toBe(false);
  });
});

describe('acting on a page under a cookie banner', () => {
  it('dismisses the banner before filling the form', async () => {
    const banner = `<div class="cookie-consent" role="region"><p>We use cookies.</p><button>Accept</button><button>Reject all</button></div>`;
    const page = web.pages[`${S}/contact`];
    if (!page) throw new Error('no contact page');
    const covered: FakeWeb = {
      ...web,
      pages: { [`${S}/contact`]: { ...page, form: `${banner}${contactForm}` } },
    };
    const fake = fakeRun(covered, {
      user: {
        answers: new Map([
          ['name', 'Ada'],
          ['email', 'ada@example.org'],
        ]),
      },
    });
    const r = await research(fake.acts, {
      plan: planHeuristically({ question: `Send the contact form on ${S}/contact with message "hi"` }),
      limits,
      sufficientConfidence: 0.6,
      resultsPerSearch: 5,
    });
    expect(r.outcome).toBe('answered');
    expect(fake.calls.find((c) => c.startsWith('act '))).toContain('dismiss the overlay ("Reject all")');
    expect(fake.acted[0]?.[0]).toEqual({
      type: 'click',
      target: { xpath: expect.stringContaining('button[2]') as unknown },
    });
  });
});

describe('a blocked page', () => {
  const blocked: FakeWeb = {
    pages: {
      [`${S}/account`]: { title: 'Are you human?', lines: ['Please solve the captcha.'], blocked: true },
      [`${S}/found`]: { title: 'Are you human?', lines: ['Please solve the captcha.'], blocked: true },
    },
    index: { 'price qora': [`${S}/found`] },
  };
  const go = (question: string, urls: string[], answers?: ReadonlyMap<string, string>) => {
    const fake = fakeRun(blocked, { user: answers ? { answers } : {} });
    const result = research(fake.acts, {
      plan: planHeuristically({ question, urls }),
      limits,
      sufficientConfidence: 0.6,
      resultsPerSearch: 5,
    });
    return { fake, result };
  };

  it('is handed to the user once when it is their page, and read again after they answer — never bypassed', async () => {
    const { fake, result } = go('What is the price of Qora?', [`${S}/account`], new Map());
    await result;
    expect(fake.questionsAsked).toEqual([[]]);
    expect(fake.calls.filter((c) => c === `extract ${S}/account`)).toHaveLength(2);
    expect(fake.acted).toEqual([]);
  });

  it('is skipped without asking when it is only a search result', async () => {
    const { fake, result } = go('What is the price of Qora?', []);
    await result;
    expect(fake.calls).toContain(`extract ${S}/found`);
    expect(fake.questionsAsked).toEqual([]);
  });
});
