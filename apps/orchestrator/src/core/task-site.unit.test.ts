import type { InputQuestion } from '@forage/contracts';
import { research } from './research.js';
import { planHeuristically } from './plan/heuristic-planner.js';
import { fakeRun, type FakeUser, type FakeWeb } from './testing/fake-web.js';
import { TEST_LIMITS } from './testing/fixtures.js';

const NAMED = 'http://named.test';
const OTHER = 'http://other.test';

const contactForm = `<form action="/contact" method="post">
<label for="n">Your name</label><input id="n" name="name" required>
<label for="e">Email</label><input type="email" id="e" name="email" required>
<label for="m">Message</label><textarea id="m" name="message" required></textarea>
<button type="submit">Send</button></form>`;

const loginForm = `<form action="/login" method="post">
<label for="u">Email</label><input type="email" id="u" name="email" required>
<label for="p">Password</label><input type="password" id="p" name="pw" required>
<button type="submit">Sign in</button></form>`;

const contactPage = (origin: string) => ({
  [`${origin}/contact`]: {
    title: 'Contact',
    lines: ['Write to us.'],
    form: contactForm,
    afterSubmit: ['Thank you, your message was sent.'],
  },
});

async function run(input: { web: FakeWeb; question: string; user?: FakeUser }) {
  const fake = fakeRun(input.web, input.user ? { user: input.user } : {});
  const prompts: InputQuestion[][] = [];
  const askUser = fake.acts.askUser.bind(fake.acts);
  fake.acts.askUser = (q) => {
    prompts.push([...q.questions]);
    return askUser(q);
  };
  const result = await research(fake.acts, {
    plan: planHeuristically({ question: input.question }),
    limits: TEST_LIMITS,
    sufficientConfidence: 0.6,
    resultsPerSearch: 5,
  });
  return { fake, result, prompts };
}

const touched = (calls: readonly string[], origin: string): string[] =>
  calls.filter((c) => c.includes(origin));
const fills = (fake: ReturnType<typeof fakeRun>): unknown[] =>
  fake.acted.flat().flatMap((a) => (a.type === 'fill' ? [a.value] : []));

describe('a task acts only on the site the user named, or the one they confirmed', () => {
  it('a site named by its host alone: the task stays on it and searches nowhere for another', async () => {
    const host = 'https://named.test';
    const question =
      'Send the contact form on named.test with name Ada Lee, email ada@x.example and message Hello there';
    const { fake, result } = await run({
      web: {
        pages: {
          [`${host}/`]: {
            title: 'Named',
            lines: ['Welcome.'],
            links: [{ href: `${host}/contact`, text: 'Contact' }],
          },
          ...contactPage(host),
          ...contactPage(OTHER),
        },
        index: Object.fromEntries(
          [planHeuristically({ question }).parts[0]?.query ?? '', 'contact', 'contact form'].map((q) => [
            q.toLowerCase(),
            [`${OTHER}/contact`],
          ]),
        ),
      },
      question,
    });
    expect(fake.calls.filter((c) => c.startsWith('search '))).toEqual([]);
    expect(touched(fake.calls, OTHER)).toEqual([]);
    expect(result.outcome).toBe('answered');
    expect(fake.calls.filter((c) => c.startsWith('act '))).toEqual([
      expect.stringContaining(`${host}/contact`),
    ]);
  });

  describe('a task that names no site', () => {
    const question = 'Send a contact form with name Ada Lee, email ada@x.example and message Hello there';
    const lacking = 'Send a contact form with message Hello there';
    const web: FakeWeb = {
      pages: { ...contactPage(OTHER) },
      index: Object.fromEntries(
        [question, lacking].map((q) => [
          (planHeuristically({ question: q }).parts[0]?.query ?? '').toLowerCase(),
          [`${OTHER}/contact`],
        ]),
      ),
    };

    it('asks the user to confirm the site it found before anything is typed there, and acts on a yes', async () => {
      const { fake, result, prompts } = await run({
        web,
        question,
        user: { answers: new Map([['confirm-site', 'yes']]) },
      });
      expect(prompts).toEqual([[expect.objectContaining({ key: 'confirm-site', sensitive: false })]]);
      expect(prompts[0]?.[0]?.prompt).toContain(OTHER);
      expect(fake.calls.filter((c) => c.startsWith('act '))).toHaveLength(1);
      expect(result.outcome).toBe('answered');
    });

    it('types nothing and says why when the user does not confirm (or does not answer)', async () => {
      for (const user of [{ answers: new Map([['confirm-site', 'no']]) }, {}]) {
        const { fake, result } = await run({ web, question, user });
        expect(fake.acted).toEqual([]);
        expect(result.answer).toBeNull();
        expect(result.failures.map((f) => f.reason).join(' ')).toContain(`${OTHER} was not confirmed`);
      }
    });

    it('confirms the site in the same question that asks for the details it lacks', async () => {
      const { fake, prompts } = await run({
        web,
        question: lacking,
        user: {
          answers: new Map([
            ['confirm-site', 'yes'],
            ['name', 'Ada Lee'],
            ['email', 'ada@x.example'],
          ]),
        },
      });
      expect(prompts.map((q) => q.map((x) => x.key))).toEqual([['confirm-site', 'name', 'email']]);
      expect(fills(fake)).toEqual(expect.arrayContaining(['Ada Lee', 'ada@x.example', 'Hello there']));
    });
  });
});

describe('remembered details are bound to the site they were given for', () => {
  const question = `Send the contact form on ${NAMED}/contact with message "Hello there"`;
  const web: FakeWeb = { pages: { ...contactPage(NAMED), ...contactPage(OTHER) }, index: {} };
  const memory = new Map([
    ['name', 'Ada Lee'],
    ['email', 'ada@x.example'],
  ]);

  it('a detail given for another site is asked first, saying where it was given', async () => {
    const { fake, prompts, result } = await run({
      web,
      question,
      user: {
        memory,
        memoryFor: OTHER,
        answers: new Map([
          ['name', 'Ada L.'],
          ['email', 'ada@x.example'],
        ]),
      },
    });
    expect(prompts.map((q) => q.map((x) => x.key))).toEqual([['name', 'email']]);
    expect(prompts[0]?.[0]?.prompt).toContain(`memory holds one given for ${OTHER}`);
    expect(fills(fake)).toEqual(expect.arrayContaining(['Ada L.', 'ada@x.example']));
    expect(fills(fake)).not.toContain('Ada Lee');
    expect(result.outcome).toBe('answered');
    expect(fake.steps.map((s) => s.detail)).toContainEqual(
      `memory: name, email held for another site, not used on ${NAMED} without asking`,
    );
  });

  it('is used unasked on its own site', async () => {
    const { prompts, result } = await run({ web, question, user: { memory, memoryFor: NAMED } });
    expect(prompts).toEqual([]);
    expect(result.outcome).toBe('answered');
  });

  it('a secret given for another site is never typed here, even when nothing else is given', async () => {
    const { fake, prompts } = await run({
      web: {
        pages: { [`${NAMED}/login`]: { title: 'Sign in', lines: ['Sign in.'], form: loginForm } },
        index: {},
      },
      question: `Log in on ${NAMED}/login`,
      user: {
        memory: new Map<string, string | { secretHandle: string }>([
          ['email', 'ada@x.example'],
          ['password', { secretHandle: 'mem-password' }],
        ]),
        memoryFor: OTHER,
      },
    });
    expect(prompts.map((q) => q.map((x) => [x.key, x.sensitive]))).toEqual([
      [
        ['email', false],
        ['password', true],
      ],
    ]);
    expect(fills(fake)).not.toContainEqual({ secretHandle: 'mem-password' });
    expect(fake.acted.flat().some((a) => a.type === 'click')).toBe(false);
  });
});
