import type { InteractiveElement } from '@forage/contracts';
import { findExpanders } from './expanders.js';

const button = (name: string, overrides: Partial<InteractiveElement> = {}): InteractiveElement => ({
  id: name,
  tag: 'button',
  role: 'button',
  name,
  locator: `role=button[name="${name}"]`,
  xpath: '/html[1]/body[1]/button[1]',
  ...overrides,
});

describe('findExpanders', () => {
  it('picks disclosure buttons', () => {
    const found = findExpanders(
      [button('Show economic indicators'), button('Read more'), button('Expand section')],
      5,
    );
    expect(found.map((b) => b.name)).toEqual(['Show economic indicators', 'Read more', 'Expand section']);
  });

  it('never picks buttons that act, consent, leave or buy, whatever else they say', () => {
    const found = findExpanders([
      button('Accept all cookies'),
      button('Show more and subscribe'),
      button('Add to cart'),
      button('Submit'),
      button('Send message'),
      button('Sign in to see more'),
    ]);
    expect(found).toEqual([]);
  });

  it('ignores links and non-buttons, and respects the limit', () => {
    expect(findExpanders([button('Show more', { tag: 'a', role: 'link' })])).toEqual([]);
    expect(findExpanders([button('Show more', { role: 'checkbox' })])).toEqual([]);
    expect(findExpanders([button('Show more'), button('Show all'), button('See details')], 2)).toHaveLength(
      2,
    );
  });
});
