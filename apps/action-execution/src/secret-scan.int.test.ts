import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Subscription } from '@nats-io/transport-node';
import { tempDir } from '@forage/testing';
import { startFormSite, type FormSite } from './testing/form-site.js';
import { RUN_ID, startHarness, type ActionReply, type Harness } from './testing/harness.js';
import { captureLogLines, readLogRecords } from './testing/observe.js';
import { findLeak, leakForms } from './testing/secret-forms.js';

/** 118 characters, sent with surrounding spaces and a line break into a maxlength=100 field. */
const TOKEN_CORE = `Tk-${randomBytes(64).toString('hex')}`.slice(0, 118);
const TOKEN = `  ${TOKEN_CORE}\n`;
const NOTE = `  first line of the note ${randomBytes(4).toString('hex')}\nsecond line ${randomBytes(4).toString('hex')}  \n`;
/** What the fields and the page's echoes can hold of each secret. */
const HELD = [
  TOKEN,
  TOKEN_CORE,
  `  ${TOKEN_CORE}`.slice(0, 100),
  TOKEN_CORE.slice(0, 98),
  TOKEN_CORE.slice(0, 40),
  NOTE,
  NOTE.trim(),
  ...NOTE.split('\n')
    .map((l) => l.trim())
    .filter(Boolean),
];
const FORMS = leakForms(HELD);

describe('secrets scan: altered forms of a secret never leave the service', () => {
  let site: FormSite;
  let h: Harness;
  let logLines: string[];
  let wire: Subscription;
  const traffic: string[] = [];
  const replies: ActionReply[] = [];
  const dir = tempDir('forage-secret-scan-');

  beforeAll(async () => {
    const secretsFile = join(dir.path, 'secrets.json');
    writeFileSync(secretsFile, JSON.stringify({ [RUN_ID]: { token: TOKEN, note: NOTE } }));
    site = await startFormSite();
    h = await startHarness({
      EGRESS_ALLOWLIST: site.origin,
      ACTION_SECRETS_FILE: secretsFile,
      LOG_LEVEL: 'trace',
    });
    logLines = captureLogLines(h.service.logger);
    // everything on the bus, as any client could see it
    wire = h.nc.subscribe('>', {
      callback: (_err, msg) => {
        traffic.push(
          `${msg.subject} ${JSON.stringify([...(msg.headers ?? [])])} ${Buffer.from(msg.data).toString('utf8')}`,
        );
      },
    });
    await h.nc.flush();
  });

  afterAll(async () => {
    wire.unsubscribe();
    await h.stop();
    await site.close();
    dir.remove();
  });

  it('fills the secrets as the field takes them and submits the form once', async () => {
    const sessionId = `s-${randomUUID()}`;
    const steps = [
      { type: 'goto', url: `${site.origin}/limited` },
      { type: 'fill', target: { css: '#limited' }, value: { secretHandle: 'token' } },
      { type: 'fill', target: { role: 'textbox', name: 'Note' }, value: { secretHandle: 'note' } },
      { type: 'click', target: { role: 'button', name: 'Send' } },
    ] as const;
    for (const action of steps) replies.push(await h.act({ sessionId, action }));

    expect(replies.map((r) => r.status)).toEqual(['done', 'done', 'done', 'done']);
    expect(site.submissions).toHaveLength(1);
    // the field cut the token at 100 characters and dropped the line break
    expect(site.submissions[0]?.limited).toBe(`  ${TOKEN_CORE}`.slice(0, 100));
    expect(site.submissions[0]?.note?.replaceAll('\r\n', '\n').trim()).toBe(NOTE.trim());
    const filled = await h.evidence.getText(replies[2]!.evidence.after!);
    expect(filled).toContain('token [secret:token]');
    expect(filled).toContain('[secret:note]');
    expect(replies[2]!.evidence.afterScreenshot).toMatchObject({
      kind: 'screenshot',
      contentType: 'image/jpeg',
    });
  });

  it('finds no form of either secret in replies, log records, service logs, evidence, metrics or bus traffic', async () => {
    const places: [string, string][] = [
      ['replies', JSON.stringify(replies)],
      ['log records', JSON.stringify(await readLogRecords(h.nc))],
      ['service logs', logLines.join('')],
      ['metrics', await (await fetch(`http://127.0.0.1:${h.service.opsPort}/metrics`)).text()],
      ['health', await h.health()],
    ];
    const refs = replies.flatMap((r) => [r.evidence.before, r.evidence.after]).filter((r) => r !== null);
    expect(refs.length).toBeGreaterThanOrEqual(replies.length);
    for (const ref of refs) places.push([`evidence ${ref.sha256}`, await h.evidence.getText(ref)]);
    await h.nc.flush();
    expect(traffic.length).toBeGreaterThan(replies.length);
    places.push(['NATS traffic on >', traffic.join('\n')]);

    const leaks = places
      .map(([place, text]) => [place, findLeak(text, FORMS)] as const)
      .filter(([, form]) => form !== undefined);
    expect(leaks).toEqual([]);
  });
});
