import { randomBytes, randomUUID } from 'node:crypto';
import type { PageAction } from '@forage/contracts';
import { startFormSite, type FormSite } from '../apps/action-execution/src/testing/form-site.js';
import { startHarness, type Harness } from '../apps/action-execution/src/testing/harness.js';
import { createBusActivities } from '../apps/orchestrator/src/adapters/bus-activities.js';
import { loadOrchestratorConfig } from '../apps/orchestrator/src/config.js';
import { ActKeys } from '../apps/orchestrator/src/core/act-keys.js';

/**
 * The orchestrator died while a run was acting on a page; the run is resumed (attempt 2) from its
 * last checkpoint and redoes that step. What already ran must not run again: the contact form is
 * sent once. A real action-execution service with Chromium, a real nats-server, a local form site.
 */
describe('a resumed run redoing the step it crashed in does not repeat its actions', () => {
  let site: FormSite;
  let h: Harness;
  // only the request limits are read here; the evidence key is the harness's own, not this one
  const config = loadOrchestratorConfig({ FORAGE_EVIDENCE_KEY: randomBytes(32).toString('hex') });
  const send: PageAction[] = [
    { type: 'fill', target: { css: '#name' }, value: 'Ada Lovelace' },
    { type: 'click', target: { role: 'button', name: 'Send' } },
  ];

  beforeAll(async () => {
    site = await startFormSite();
    h = await startHarness({ EGRESS_ALLOWLIST: site.origin, DOMAIN_MIN_DELAY_MS: '0' });
  }, 60_000);

  afterAll(async () => {
    await h.stop();
    await site.close();
  });

  const activities = (runId: string, attempt: number): ReturnType<typeof createBusActivities> =>
    createBusActivities({ bus: h.bus, evidence: h.evidence, config, runId, attempt });

  it('the whole step ran before the crash: the resumed attempt replays it, the form is sent once', async () => {
    const runId = randomUUID();
    const url = `${site.origin}/form`;
    const before = site.submissions.length;
    const first = await activities(runId, 1).act({ url, actions: send, described: ['fill', 'send'] });
    expect(site.submissions.length).toBe(before + 1);

    const resumed = await activities(runId, 2).act({ url, actions: send, described: ['fill', 'send'] });

    expect(site.submissions.length).toBe(before + 1);
    expect(resumed.done).toEqual(['fill', 'send']);
    // the replayed reply points at the evidence the first attempt recorded
    expect(resumed.domSnapshot).toEqual(first.domSnapshot);
    expect(await h.evidence.getText(resumed.domSnapshot)).toContain('Thank you, we received your message.');
  }, 90_000);

  // The resumed attempt continues on the page the run's session holds: the fill is replayed, not
  // typed again, and the click sends the form the crashed attempt filled.
  it('it died between the fill and the click: the resumed attempt sends the form once, as filled', async () => {
    const runId = randomUUID();
    const url = `${site.origin}/form`;
    const before = site.submissions.length;
    // what the crashed attempt got done: the navigation and the fill, under the step's keys
    const keyOf = new ActKeys(runId).forStep(url, send);
    const sessionId = `${runId}:actions`;
    await h.act({ runId, sessionId, idempotencyKey: keyOf(0), action: { type: 'goto', url } });
    await h.act({ runId, sessionId, idempotencyKey: keyOf(1), action: send[0] as PageAction });

    const resumed = await activities(runId, 2).act({ url, actions: send, described: ['fill', 'send'] });

    expect(resumed.done).toEqual(['fill', 'send']);
    expect(site.submissions.slice(before)).toEqual([{ name: 'Ada Lovelace', card: '', country: '' }]);
  }, 90_000);
});
