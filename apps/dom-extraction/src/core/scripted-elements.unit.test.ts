import { toScriptedElements } from './scripted-elements.js';

describe('toScriptedElements', () => {
  it('keeps well-formed entries and clips long names and event lists', () => {
    const [element] = toScriptedElements([
      {
        xpath: '/html[1]/body[1]/div[2]',
        tag: 'div',
        name: 'x'.repeat(400),
        events: Array.from({ length: 30 }, () => 'click'),
      },
    ]);
    expect(element?.xpath).toBe('/html[1]/body[1]/div[2]');
    expect(element?.name).toHaveLength(300);
    expect(element?.events).toHaveLength(20);
  });

  it('drops what a page could have forged into another shape', () => {
    expect(
      toScriptedElements([
        null,
        'div',
        { xpath: 42, tag: 'div', name: '', events: [] },
        { xpath: 'x'.repeat(3000), tag: 'div', name: '', events: ['click'] },
        { xpath: '/html[1]', tag: 'div', name: '', events: 'click' },
      ]),
    ).toEqual([]);
  });

  it('caps the list at the contract limit', () => {
    const many = Array.from({ length: 600 }, (_, i) => ({
      xpath: `/html[1]/body[1]/div[${i + 1}]`,
      tag: 'div',
      name: '',
      events: ['click'],
    }));
    expect(toScriptedElements(many)).toHaveLength(500);
  });
});
