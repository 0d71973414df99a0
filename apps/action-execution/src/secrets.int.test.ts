import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@forage/testing';
import { startFormSite, type FormSite } from './testing/form-site.js';
import { RUN_ID, startHarness, type ActionReply, type Harness } from './testing/harness.js';
import { captureLogLines, readLogRecords } from './testing/observe.js';

const SECRET = 'Zebra&Quartz "42" <S3cr3t>';
/** Every form the secret could take in text the test can observe. */
const SECRET_FORMS = [
  SECRET,
  'Zebra&Quartz',
  'S3cr3t',
  encodeURIComponent(SECRET),
  new URLSearchParams({ v: SECRET }).toString().slice(2),
];

function expectNoSecret(label: string, text: string): void {
  for (const form of SECRET_FORMS) {
    if (text.includes(form)) throw new Error(`${label} contains the secret (as ${JSON.stringify(form)})`);
  }
}

describe('secret handles', () => {
  let site: FormSite;
  /** Another site, where a secret bound to `site` must never be typed. */
  let other: FormSite;
  let h: Harness;
  let logLines: string[];
  const dir = tempDir('forage-secrets-');
  const replies: ActionReply[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    const secretsFile = join(dir.path, 'secrets.json');
    writeFileSync(secretsFile, JSON.stringify({ [RUN_ID]: { card: SECRET, other: 'unused-value' } }));
    site = await startFormSite();
    other = await startFormSite();
    h = await startHarness({
      EGRESS_ALLOWLIST: `${site.origin},${other.origin}`,
      ACTION_SECRETS_FILE: secretsFile,
      LOG_LEVEL: 'trace',
    });
    logLines = captureLogLines(h.service.logger);
  });

  afterAll(async () => {
    await h.stop();
    await site.close();
    await other.close();
    dir.remove();
  });

  const act = async (input: Parameters<Harness['act']>[0]): Promise<ActionReply> => {
    const reply = await h.act(input);
    replies.push(reply);
    return reply;
  };

  it('fills the secret value into the page, and the site receives it', async () => {
    const sessionId = `s-${randomUUID()}`;
    await act({ sessionId, action: { type: 'goto', url: `${site.origin}/form` } });
    const filled = await act({
      sessionId,
      action: { type: 'fill', locator: '#card', value: { secretHandle: 'card' } },
    });
    await act({ sessionId, action: { type: 'click', locator: 'role=button[name="Send"]' } });

    expect(site.submissions).toEqual([expect.objectContaining({ card: SECRET })]);
    expect(filled.detail).toBe('filled from secret handle card');
    // the page echoes what was typed into its DOM; the snapshot carries a placeholder instead
    expect(await h.evidence.getText(filled.evidence.after!)).toContain('card [secret:card]');
  });

  it('scrubs the secret from URLs a GET form puts it in', async () => {
    const sessionId = `s-${randomUUID()}`;
    await act({ sessionId, action: { type: 'goto', url: `${site.origin}/search` } });
    await act({ sessionId, action: { type: 'fill', locator: '#q', value: { secretHandle: 'card' } } });
    const searched = await act({ sessionId, action: { type: 'press', locator: '#q', key: 'Enter' } });

    expect(site.hits.some((hit) => hit.startsWith('GET /results?q='))).toBe(true);
    expect(searched.url).toMatch(/\/results\?q=\[secret:card\]$/);
  });

  it('types a secret bound to one site into that site only: on another it is refused and nothing reaches it', async () => {
    const bound = 'Kite&Lantern 77';
    await h.taskSecrets.putTaskSecret({
      runId: RUN_ID,
      handle: 'in-password',
      value: bound,
      ttlMs: 60_000,
      origin: site.origin,
    });
    const elsewhere = `s-${randomUUID()}`;
    await act({ sessionId: elsewhere, action: { type: 'goto', url: `${other.origin}/form` } });
    const refused = await act({
      sessionId: elsewhere,
      action: { type: 'fill', locator: '#card', value: { secretHandle: 'in-password' } },
    });
    await act({ sessionId: elsewhere, action: { type: 'click', locator: 'role=button[name="Send"]' } });
    expect(refused).toMatchObject({ status: 'failed', failure: { category: 'blocked' } });
    expect(refused.detail).toBe(
      `secret handle in-password is bound to ${site.origin}; it is not typed into ${other.origin}`,
    );
    expect(other.submissions).toEqual([expect.objectContaining({ card: '' })]);
    expect(JSON.stringify(other.submissions)).not.toContain('Kite');

    const home = `s-${randomUUID()}`;
    await act({ sessionId: home, action: { type: 'goto', url: `${site.origin}/form` } });
    const typed = await act({
      sessionId: home,
      action: { type: 'fill', locator: '#card', value: { secretHandle: 'in-password' } },
    });
    expect(typed.status).toBe('done');
  });

  it('keeps the secret out of a failure detail', async () => {
    const sessionId = `s-${randomUUID()}`;
    await act({ sessionId, action: { type: 'goto', url: `${site.origin}/form` } });
    const failed = await act({
      sessionId,
      timeoutMs: 300,
      action: { type: 'fill', locator: '#nowhere', value: { secretHandle: 'card' } },
    });
    expect(failed.status).toBe('failed');
  });

  it('refuses an unknown handle without acting', async () => {
    const attempt = h.act({
      sessionId: `s-${randomUUID()}`,
      action: { type: 'fill', locator: '#card', value: { secretHandle: 'nope' } },
    });
    await expect(attempt).rejects.toMatchObject({ code: 'not_found', retryable: false });
    errors.push(String(await attempt.catch((err: unknown) => (err instanceof Error ? err.message : err))));
  });

  it('never lets the secret appear in replies, log records, service logs or evidence', async () => {
    expect(replies.length).toBeGreaterThan(5);
    expectNoSecret('replies', JSON.stringify(replies));
    expectNoSecret('errors', errors.join('\n'));

    const records = await readLogRecords(h.nc);
    expect(records.length).toBeGreaterThanOrEqual(replies.length);
    expectNoSecret('log records', JSON.stringify(records));

    expect(logLines.length).toBeGreaterThan(0);
    expectNoSecret('service logs', logLines.join(''));

    const refs = replies.flatMap((r) => [r.evidence.before, r.evidence.after]).filter((r) => r !== null);
    expectNoSecret('evidence refs', JSON.stringify(refs));
    for (const ref of refs) expectNoSecret(`evidence ${ref.sha256}`, await h.evidence.getText(ref));
  });
});
