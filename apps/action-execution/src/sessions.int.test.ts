import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@forage/testing';
import { SessionPages } from './adapters/session-pages.js';
import { startFormSite, type FormSite } from './testing/form-site.js';
import { startHarness, type Harness } from './testing/harness.js';
import { eventually } from './testing/observe.js';

describe('sessions belong to their run', () => {
  let site: FormSite;
  let h: Harness;
  const dir = tempDir('forage-sessions-');
  const runA = randomUUID();
  const runB = randomUUID();
  const sessions = (): SessionPages => h.service.app.get(SessionPages);

  beforeAll(async () => {
    const secretsFile = join(dir.path, 'secrets.json');
    writeFileSync(secretsFile, JSON.stringify({ [runA]: { pin: 'run-a-only-7731' } }));
    site = await startFormSite();
    h = await startHarness({
      EGRESS_ALLOWLIST: site.origin,
      ACTION_SECRETS_FILE: secretsFile,
      ACTION_MAX_SESSIONS: '1',
      ACTION_SESSION_WAIT_MS: '3000',
    });
  });

  afterAll(async () => {
    await h.stop();
    await site.close();
    dir.remove();
  });

  const open = (runId: string, sessionId = `s-${randomUUID()}`) =>
    h.act({ runId, sessionId, action: { type: 'goto', url: `${site.origin}/form` } });

  it("refuses another run's session and another run's secret handle", async () => {
    const sessionA = `s-${randomUUID()}`;
    expect((await open(runA, sessionA)).status).toBe('done');
    await expect(
      h.act({ runId: runB, sessionId: sessionA, action: { type: 'click', locator: 'text=Send' } }),
    ).rejects.toMatchObject({ code: 'blocked', retryable: false });
    await expect(
      h.act({
        runId: runB,
        sessionId: `s-${randomUUID()}`,
        action: { type: 'fill', locator: '#card', value: { secretHandle: 'pin' } },
      }),
    ).rejects.toMatchObject({ code: 'not_found', retryable: false });
    const filled = await h.act({
      runId: runA,
      sessionId: sessionA,
      action: { type: 'fill', locator: '#card', value: { secretHandle: 'pin' } },
    });
    expect(filled.status).toBe('done');
    await h.endRun(runA);
    expect(await eventually(() => sessions().size === 0)).toBe(true);
  });

  it('fills a secret the orchestrator sealed into task memory, for its own run only', async () => {
    const owner = randomUUID();
    const value = 'kv-sealed-4471 pin';
    await h.taskSecrets.putTaskSecret({ runId: owner, handle: 'bank.pin', value, ttlMs: 60_000 });
    const fill = (runId: string, sessionId: string) =>
      h.act({
        runId,
        sessionId,
        action: { type: 'fill', locator: '#card', value: { secretHandle: 'bank.pin' } },
      });
    const other = randomUUID();
    const otherSession = `s-${randomUUID()}`;
    expect((await open(other, otherSession)).status).toBe('done');
    await expect(fill(other, otherSession)).rejects.toMatchObject({ code: 'not_found' });
    await h.endRun(other);
    expect(await eventually(() => sessions().size === 0)).toBe(true);

    const session = `s-${randomUUID()}`;
    expect((await open(owner, session)).status).toBe('done');
    const filled = await fill(owner, session);
    expect(filled.status).toBe('done');
    expect(JSON.stringify(filled)).not.toContain(value);
    await h.endRun(owner);
    expect(await eventually(() => sessions().size === 0)).toBe(true);
    // the run's end also removes its secrets from task memory
    let gone = false;
    for (let i = 0; i < 50 && !gone; i++) {
      gone = await h.taskSecrets.resolveTaskSecret(owner, 'bank.pin').then(
        () => false,
        () => true,
      );
      if (!gone) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(gone).toBe(true);
  });

  it('queues a new session while all are open, reports saturation, and opens it when a run ends', async () => {
    const runC = randomUUID();
    const runD = randomUUID();
    expect((await open(runC)).status).toBe('done');
    const waiting = open(runD);
    expect(await eventually(() => sessions().load().waiting === 1)).toBe(true);
    expect(await h.health()).toContain('1/1 sessions open, 1 waiting (saturated)');

    await h.endRun(runC);
    expect((await waiting).status).toBe('done');
    expect(sessions().load()).toEqual({ open: 1, capacity: 1, waiting: 0 });
    await h.endRun(runD);
    expect(await eventually(() => sessions().size === 0)).toBe(true);
  });

  it('refuses, retryably, a session that waited longer than ACTION_SESSION_WAIT_MS', async () => {
    const runE = randomUUID();
    expect((await open(runE)).status).toBe('done');
    await expect(open(randomUUID())).rejects.toMatchObject({ code: 'unavailable', retryable: true });
    await h.endRun(runE);
    expect(await eventually(() => sessions().size === 0)).toBe(true);
  });
});
