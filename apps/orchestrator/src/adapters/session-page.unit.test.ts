import { SessionPage } from './session-page.js';

describe('SessionPage', () => {
  it('has no page until an action lands the session on one', () => {
    expect(new SessionPage().isOn('http://a.test/p')).toBe(false);
  });

  it('is on the page its last action left it on (fragment and trailing slash aside)', () => {
    const session = new SessionPage();
    session.moved({ url: 'http://a.test/p/', status: 'done' }, { type: 'goto' });
    expect(session.isOn('http://a.test/p#specs')).toBe(true);
    expect(session.isOn('http://a.test/q')).toBe(false);
    expect(session.isOn('http://a.test/p?page=2')).toBe(false);
    session.moved({ url: 'http://a.test/q', status: 'done' }, { type: 'click' });
    expect(session.isOn('http://a.test/p')).toBe(false);
  });

  it('forgets the page after a navigation that failed, or on a page that is not on the web', () => {
    const session = new SessionPage();
    session.moved({ url: 'http://a.test/p', status: 'failed' }, { type: 'goto' });
    expect(session.isOn('http://a.test/p')).toBe(false);
    session.moved({ url: 'about:blank', status: 'done' }, { type: 'click' });
    expect(session.isOn('about:blank')).toBe(false);
  });
});
