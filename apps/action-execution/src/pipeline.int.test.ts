import { randomUUID } from 'node:crypto';
import { startFormSite, type FormSite } from './testing/form-site.js';
import { startHarness, type ActionReply, type Harness } from './testing/harness.js';

describe('the action pipeline: every action type, typed refusals and what the page said', () => {
  let site: FormSite;
  let h: Harness;
  let sessionId: string;

  beforeAll(async () => {
    site = await startFormSite();
    h = await startHarness({ EGRESS_ALLOWLIST: site.origin, DOMAIN_MIN_DELAY_MS: '0' });
    sessionId = `s-${randomUUID()}`;
    await h.act({ sessionId, action: { type: 'goto', url: `${site.origin}/widgets` } });
  });

  afterAll(async () => {
    await h.stop();
    await site.close();
  });

  const act = (input: Omit<Parameters<Harness['act']>[0], 'sessionId'>): Promise<ActionReply> =>
    h.act({ sessionId, ...input });
  const after = async (reply: ActionReply): Promise<string> => h.evidence.getText(reply.evidence.after!);

  it('records and dismisses a dialog the action opened', async () => {
    const saved = await act({ action: { type: 'click', target: { role: 'button', name: 'Save' } } });
    expect(saved).toMatchObject({ status: 'done', dialogs: [{ type: 'alert', message: 'Saved!' }] });
  });

  it('finds a CSS target inside a shadow root, which only the locator engines pierce', async () => {
    const pressed = await act({ action: { type: 'click', target: { css: '#inner' } } });
    expect(pressed).toMatchObject({ status: 'done', matchedLocator: 'css=#inner' });
    expect(await after(pressed)).toContain('inner pressed');
  });

  it('refuses, before touching the page, a click on a disabled button and a fill into a button', async () => {
    const disabled = await act({ timeoutMs: 500, action: { type: 'click', target: { css: '#off' } } });
    expect(disabled).toMatchObject({
      status: 'failed',
      outcome: 'fail',
      failure: { category: 'disabled' },
      matchedLocator: 'css=#off',
    });
    expect(disabled.evidence.after).toEqual(disabled.evidence.before);
    const misfit = await act({ action: { type: 'fill', target: { css: '#update' }, value: 'x' } });
    expect(misfit).toMatchObject({ status: 'failed', failure: { category: 'not_applicable' } });
  });

  it('uploads a stored file, unchecks, hovers and waits for what the hover shows', async () => {
    const file = await h.evidence.put({
      kind: 'raw_html',
      contentType: 'text/plain',
      data: Buffer.from('a small attachment'),
    });
    const uploaded = await act({
      action: { type: 'upload', target: { css: '#file' }, files: [{ name: 'notes.txt', file }] },
    });
    expect(uploaded.status).toBe('done');
    expect(await after(uploaded)).toContain('picked notes.txt');

    const unchecked = await act({
      action: { type: 'uncheck', target: { role: 'checkbox', name: 'Newsletter' } },
    });
    expect(unchecked.status).toBe('done');
    expect(await after(unchecked)).toContain('<p id="opt-state">unsubscribed</p>');

    const hovered = await act({ action: { type: 'hover', target: { css: '#hint' } } });
    expect(hovered.detail).toBe('hovered');
    expect(await after(hovered)).toContain('<div id="tip">Hints appear on hover</div>');
    const shown = await act({
      action: { type: 'wait_for', target: { text: 'Hints appear on hover' }, state: 'visible' },
    });
    expect(shown.detail).toBe('waited until visible');
  });

  it('reports new text of a live region, and the browser validation message of a form that was not sent', async () => {
    const updated = await act({ action: { type: 'click', target: { role: 'button', name: 'Update' } } });
    expect(updated.messages).toEqual([{ kind: 'status', text: 'Updated 3 items' }]);

    const refused = await act({
      action: { type: 'click', target: { role: 'button', name: 'Send' } },
      expect: { urlChange: true },
    });
    expect(refused).toMatchObject({ status: 'done', outcome: 'partial', urlChanged: false });
    expect(refused.messages?.some((m) => m.kind === 'error')).toBe(true);
    expect(site.submissions).toEqual([]);
  });

  it('goes back to the previous page and fails typed when there is none', async () => {
    const fresh = `s-${randomUUID()}`;
    await h.act({ sessionId: fresh, action: { type: 'goto', url: `${site.origin}/search` } });
    await h.act({ sessionId: fresh, action: { type: 'goto', url: `${site.origin}/widgets` } });
    const back = await h.act({ sessionId: fresh, action: { type: 'go_back' } });
    expect(back).toMatchObject({ status: 'done', url: `${site.origin}/search`, urlChanged: true });
    await h.act({ sessionId: fresh, action: { type: 'go_back' } });
    const none = await h.act({ sessionId: fresh, action: { type: 'go_back' } });
    expect(none).toMatchObject({ status: 'failed', failure: { category: 'navigation_failed' } });
  });
});
