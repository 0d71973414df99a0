import { buildInventory } from './inventory.js';

const PAGE = `<!DOCTYPE html><html><head><title>Account</title></head><body>
<form id="signup" aria-label="Create account" action="/accounts" method="post">
  <label for="mail">E-mail</label><input id="mail" type="email" name="mail" required value="a@b.example">
  <label for="pw">Password</label><input id="pw" type="password" name="pw" value="secret">
  <input type="hidden" name="csrf" value="x">
  <label><input type="checkbox" name="news" checked> Send me news</label>
  <select name="plan" aria-label="Plan"><option value="free">Free</option><option value="pro" selected>Pro</option></select>
  <textarea name="bio" aria-label="About you">Hello   there</textarea>
  <fieldset disabled><legend>Extras</legend><input name="coupon" aria-label="Coupon"></fieldset>
  <button type="submit" data-testid="create">Create account</button>
</form>
<input name="ref" form="signup" aria-label="Referral code">
<details><summary>More options</summary><a href="/advanced">Advanced settings</a></details>
<button type="button" aria-expanded="false" aria-controls="menu1">Menu</button>
<div contenteditable="true" aria-label="Notes"></div>
<div tabindex="0" role="slider" aria-label="Volume"></div>
<div class="tile">Clickable tile</div>
<a href="https://elsewhere.example/help">Help</a>
</body></html>`;

describe('element inventory', () => {
  const inventory = buildInventory(PAGE, {
    url: 'https://site.example/account',
    scripted: [{ xpath: '/html[1]/body[1]/div[3]', tag: 'div', name: 'Clickable tile', events: ['click'] }],
  });
  const byName = (name: string) => {
    const found = inventory.find((e) => e.name === name && e.role !== 'form');
    if (!found) throw new Error(`no element named ${name}: ${inventory.map((e) => e.name).join(', ')}`);
    return found;
  };

  it('lists forms, every control kind, toggles, widgets, editable and focusable elements and script-driven ones', () => {
    expect(inventory.map((e) => [e.tag, e.role])).toEqual([
      ['form', 'form'],
      ['input', 'textbox'],
      ['input', 'textbox'],
      ['input', 'checkbox'],
      ['select', 'combobox'],
      ['textarea', 'textbox'],
      ['input', 'textbox'],
      ['button', 'button'],
      ['input', 'textbox'],
      ['summary', 'button'],
      ['a', 'link'],
      ['button', 'button'],
      ['div', 'textbox'],
      ['div', 'slider'],
      ['div', 'generic'],
      ['a', 'link'],
    ]);
  });

  it('reads state: values (never a password), options, checked, required, enabled, expanded, visibility', () => {
    expect(byName('E-mail')).toMatchObject({
      type: 'email',
      value: 'a@b.example',
      required: true,
      form: 'e1',
    });
    expect(byName('Password').value).toBeUndefined();
    expect(byName('Send me news')).toMatchObject({ checked: true });
    expect(byName('Plan')).toMatchObject({
      value: 'pro',
      options: [
        { value: 'free', label: 'Free', selected: false },
        { value: 'pro', label: 'Pro', selected: true },
      ],
    });
    expect(byName('About you').value).toBe('Hello there');
    expect(byName('Coupon').enabled).toBe(false);
    expect(byName('Create account').enabled).toBe(true);
    expect(byName('Referral code').form).toBe('e1');
    expect(byName('More options')).toMatchObject({ expanded: false, visible: true });
    expect(byName('Advanced settings').visible).toBe(false);
    expect(byName('Menu')).toMatchObject({ expanded: false, controls: ['menu1'] });
    expect(byName('Clickable tile')).toMatchObject({ role: 'generic', events: ['click'] });
  });

  it('describes what each element does in one sentence', () => {
    expect(byName('Create account').description).toBe(
      'Submits in the "Create account" form with the "Create account" button.',
    );
    expect(inventory[0]?.description).toBe(
      'Form "Create account" with 6 fields; submitting sends them to /accounts by POST.',
    );
    expect(byName('E-mail').description).toBe(
      'Field "E-mail" in the "Create account" form (required): type an e-mail address.',
    );
    expect(byName('Help').description).toBe('Opens "Help" on another site (elsewhere.example).');
    expect(byName('Menu').description).toBe('Shows or hides #menu1 ("Menu", now closed).');
    expect(byName('Clickable tile').description).toBe(
      'The div "Clickable tile" reacts to click through page scripts.',
    );
  });

  it('ranks locators by stability, unique ones first, with the XPath always last resort', () => {
    expect(byName('Create account').locators.map((l) => [l.kind, l.selector, l.unique])).toEqual([
      ['test-id', '[data-testid="create"]', true],
      ['role', 'role=button[name="Create account"s]', true],
      ['text', 'text="Create account"s', true],
      ['xpath', 'xpath=/html[1]/body[1]/form[1]/button[1]', true],
    ]);
    expect(byName('E-mail').locators.map((l) => l.kind)).toEqual(['id', 'role', 'label', 'css', 'xpath']);
    expect(byName('Password').locators.map((l) => l.kind)).toEqual(['id', 'label', 'css', 'xpath']);
  });
});
