import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJson, encodeJson } from '@forage/messaging';
import { executeAction } from '@forage/contracts';
import { startSandbox, type RunningSandbox } from '@forage/sandbox';
import { tempDir } from '@forage/testing';
import { startCountingProxy, type CountingProxy } from './testing/counting-proxy.js';
import {
  RUN_ID,
  startHarness,
  type ActionReply,
  type ActionRequest,
  type Harness,
} from './testing/harness.js';
import { findLeak, leakForms } from './testing/secret-forms.js';

const NAME = `Quill Ostrander ${randomBytes(3).toString('hex')}`;
const EMAIL = `q.${randomBytes(4).toString('hex')}@example.org`;

describe('scenarios on the sandbox web', () => {
  let sandbox: RunningSandbox;
  let shop: CountingProxy;
  let h: Harness;
  const dir = tempDir('forage-scenarios-');

  beforeAll(async () => {
    sandbox = await startSandbox();
    shop = await startCountingProxy(sandbox.originOf('shop'));
    const secretsFile = join(dir.path, 'secrets.json');
    writeFileSync(secretsFile, JSON.stringify({ [RUN_ID]: { 'user.name': NAME, 'user.email': EMAIL } }));
    h = await startHarness({
      EGRESS_ALLOWLIST: [sandbox.originOf('hotels'), shop.origin].join(','),
      ACTION_SECRETS_FILE: secretsFile,
    });
  });

  afterAll(async () => {
    await h.stop();
    await shop.close();
    await sandbox.stop();
    dir.remove();
  });

  /** Runs one step and returns its reply with the after-DOM it recorded. */
  async function step(
    sessionId: string,
    input: Omit<Parameters<Harness['act']>[0], 'sessionId'>,
  ): Promise<{ reply: ActionReply; dom: string }> {
    const reply = await h.act({ sessionId, ...input });
    expect(reply).toMatchObject({ status: 'done', outcome: 'success', failure: null });
    expect(reply.evidence.after).not.toBeNull();
    expect(reply.evidence.afterScreenshot).toMatchObject({ kind: 'screenshot' });
    return { reply, dom: await h.evidence.getText(reply.evidence.after!) };
  }

  it('dismisses the cookie banner, searches hotels with filters, pages on and opens a hotel', async () => {
    const hotels = sandbox.originOf('hotels');
    const s = `s-${randomUUID()}`;
    const home = await step(s, { action: { type: 'goto', url: `${hotels}/search` } });
    expect(home.dom).toContain('role="dialog"');

    await step(s, { action: { type: 'click', target: { role: 'button', name: 'Only necessary cookies' } } });
    const gone = await step(s, {
      action: { type: 'wait_for', target: { role: 'dialog', name: 'Cookie consent' }, state: 'hidden' },
    });
    expect(gone.dom).toMatch(/<div class="cookie-banner"[^>]*hidden/);

    const city = await step(s, {
      action: { type: 'select', target: { role: 'combobox', name: 'City' }, value: '' },
    });
    expect(city.reply.matchedLocator).toBe('role=combobox[name="City"s]');
    await step(s, {
      action: {
        type: 'fill',
        target: { role: 'spinbutton', name: 'Maximum price per night (USD)' },
        value: '900',
      },
    });
    await step(s, { action: { type: 'check', target: { role: 'checkbox', name: 'Free parking only' } } });
    const results = await step(s, {
      action: { type: 'click', target: { role: 'button', name: 'Search hotels' } },
      expect: { urlChange: true },
    });
    expect(results.reply.urlChanged).toBe(true);
    expect(new URL(results.reply.url).searchParams.get('maxPrice')).toBe('900');
    expect(new URL(results.reply.url).searchParams.get('parking')).toBe('1');
    expect(results.dom).toContain('Page 1 of');
    expect(results.reply.messages).toEqual([{ kind: 'confirmation', text: 'Hotel search results' }]);

    const next = await step(s, {
      action: { type: 'click', target: { role: 'link', name: 'Next', css: 'a[rel=next]' } },
      expect: { urlChange: true },
    });
    expect(new URL(next.reply.url).searchParams.get('page')).toBe('2');
    expect(next.dom).toContain('Page 2 of');

    const firstHotel = /<ol class="results"[^>]*>\s*<li[^>]*><h2><a href="([^"]+)">([^<]+)<\/a>/.exec(
      next.dom,
    );
    expect(firstHotel).not.toBeNull();
    const detail = await step(s, {
      action: { type: 'click', target: { css: 'ol.results li:first-child h2 a' } },
      expect: { urlChange: true },
    });
    expect(new URL(detail.reply.url).pathname).toBe(firstHotel![1]);
    expect(detail.reply.messages?.[0]?.text).toContain(firstHotel![2]!.replaceAll('&amp;', '&'));

    const back = await step(s, { action: { type: 'go_back' } });
    expect(new URL(back.reply.url).searchParams.get('page')).toBe('2');
  });

  it('fills and sends the shop contact form with secrets, once, and the evidence never shows them', async () => {
    const s = `s-${randomUUID()}`;
    const replies: ActionReply[] = [];
    const run = async (input: Omit<Parameters<Harness['act']>[0], 'sessionId'>): Promise<string> => {
      const { reply, dom } = await step(s, input);
      replies.push(reply);
      return dom;
    };
    await run({ action: { type: 'goto', url: `${shop.origin}/contact` } });
    await run({
      action: {
        type: 'fill',
        target: { role: 'textbox', name: 'Your name' },
        value: { secretHandle: 'user.name' },
      },
    });
    await run({ action: { type: 'fill', target: { css: '#email' }, value: { secretHandle: 'user.email' } } });
    await run({
      action: {
        type: 'fill',
        target: { xpath: '//textarea[@name="message"]' },
        value: 'Do the tents ship to Norway?',
      },
    });
    const thanks = await run({
      action: { type: 'click', target: { role: 'button', name: 'Send message' } },
      expect: { urlChange: false, text: 'Thank you' },
    });

    expect(shop.requests.filter((r) => r === 'POST /contact')).toHaveLength(1);
    // the thank-you page greets the sender by name: evidence and reply show the placeholder
    expect(thanks).toContain('Thank you, [secret:user.name]');
    expect(replies.at(-1)?.messages).toEqual([
      { kind: 'confirmation', text: 'Thank you, [secret:user.name]' },
    ]);
    const forms = leakForms([NAME, EMAIL]);
    const evidence = await Promise.all(
      replies
        .flatMap((r) => [r.evidence.before, r.evidence.after])
        .filter((ref) => ref !== null)
        .map((ref) => h.evidence.getText(ref)),
    );
    expect(findLeak(JSON.stringify(replies) + evidence.join('\n'), forms)).toBeUndefined();
  });

  it('never submits a form twice when the reply is lost and the command is sent again', async () => {
    const s = `s-${randomUUID()}`;
    await step(s, { action: { type: 'goto', url: `${shop.origin}/contact` } });
    for (const [name, value] of [
      ['Your name', 'Ida Lost'],
      ['Email address', 'ida@example.org'],
      ['Message', 'Is the stove in stock?'],
    ] as const)
      await step(s, { action: { type: 'fill', target: { role: 'textbox', name }, value } });
    const before = shop.requests.filter((r) => r === 'POST /contact').length;
    const send: ActionRequest = {
      runId: RUN_ID,
      sessionId: s,
      idempotencyKey: `send-${randomUUID()}`,
      action: { type: 'click', target: { role: 'button', name: 'Send message' } },
    };
    // the caller gives up before the reply arrives: the reply is lost
    await expect(h.nc.request(executeAction.subject, encodeJson(send), { timeout: 5 })).rejects.toThrow();
    let answer: { replayed?: boolean; error?: { code: string } } = {};
    for (let i = 0; i < 100 && answer.replayed !== true; i += 1) {
      const msg = await h.nc.request(executeAction.subject, encodeJson(send), { timeout: 30_000 });
      answer = decodeJson(msg.data) as typeof answer;
      // while the first delivery still runs, the resend is a conflict, never a second click
      if (answer.error) expect(answer.error.code).toBe('conflict');
      if (answer.replayed !== true) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answer.replayed).toBe(true);
    expect(shop.requests.filter((r) => r === 'POST /contact').length - before).toBe(1);
  });
});
