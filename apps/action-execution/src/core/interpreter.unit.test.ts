import type { PageAction } from '@forage/contracts';
import { checkActionFits, type ElementFacts } from './interpreter.js';

const textbox: ElementFacts = {
  tag: 'input',
  inputType: 'text',
  role: 'textbox',
  visible: true,
  enabled: true,
  editable: true,
  contentEditable: false,
};
const button: ElementFacts = { ...textbox, tag: 'button', inputType: '', role: 'button', editable: false };
const fill: PageAction = { type: 'fill', locator: '#a', value: 'x' };

describe('checkActionFits', () => {
  it('lets a fill into a visible, enabled text input run', () => {
    expect(checkActionFits(fill, textbox)).toBeNull();
  });

  it('rejects a fill into a button as not applicable', () => {
    expect(checkActionFits(fill, button)).toMatchObject({ category: 'not_applicable' });
  });

  it('rejects hidden and disabled targets with their own categories', () => {
    expect(checkActionFits({ type: 'click', locator: '#b' }, { ...button, visible: false })).toMatchObject({
      category: 'not_visible',
    });
    expect(checkActionFits({ type: 'click', locator: '#b' }, { ...button, enabled: false })).toMatchObject({
      category: 'disabled',
    });
    expect(checkActionFits(fill, { ...textbox, editable: false })).toMatchObject({ category: 'disabled' });
  });

  it('accepts check on checkboxes and ARIA switches, select on selects and listboxes', () => {
    const checkbox = { ...textbox, inputType: 'checkbox', role: 'checkbox' };
    const ariaSwitch = { ...button, tag: 'div', role: 'switch' };
    expect(checkActionFits({ type: 'check', locator: '#c', checked: true }, checkbox)).toBeNull();
    expect(checkActionFits({ type: 'uncheck', locator: '#c' }, ariaSwitch)).toBeNull();
    expect(
      checkActionFits(
        { type: 'select', locator: '#s', value: 'x' },
        { ...button, tag: 'select', role: 'combobox' },
      ),
    ).toBeNull();
    expect(checkActionFits({ type: 'select', locator: '#s', value: 'x' }, textbox)).toMatchObject({
      category: 'not_applicable',
    });
  });

  it('waits for a hidden element without calling it invisible', () => {
    expect(
      checkActionFits({ type: 'wait_for', locator: '#x', state: 'visible' }, { ...button, visible: false }),
    ).toBeNull();
  });

  it('uploads only into file inputs, which are often hidden behind a styled button', () => {
    const file = { ...textbox, inputType: 'file', visible: false };
    expect(checkActionFits({ type: 'upload', locator: '#f', files: [] as never }, file)).toBeNull();
    expect(checkActionFits({ type: 'upload', locator: '#f', files: [] as never }, textbox)).toMatchObject({
      category: 'not_applicable',
    });
  });
});
