import { rankedSelectors } from './target-locators.js';

describe('rankedSelectors', () => {
  it('orders a target by stability: role+name, css, xpath, text', () => {
    expect(
      rankedSelectors({
        target: {
          elementId: 'e7',
          text: 'Send',
          xpath: '//form/button',
          css: 'form > button',
          role: 'button',
          name: 'Send "now"',
        },
      }),
    ).toEqual([
      'role=button[name="Send \\"now\\""s]',
      'css=form > button',
      'xpath=//form/button',
      'text="Send"',
    ]);
  });

  it("tries the caller's own locator first and drops duplicates", () => {
    expect(rankedSelectors({ locator: 'css=#q', target: { css: '#q' } })).toEqual(['css=#q']);
  });

  it('takes a role without a name', () => {
    expect(rankedSelectors({ target: { role: 'searchbox' } })).toEqual(['role=searchbox']);
  });
});
