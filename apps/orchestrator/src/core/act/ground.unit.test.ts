import { readInstruction } from '@forage/question';
import { readPageStructure } from '../explore/page-structure.js';
import { groundSteps } from './ground.js';

const page = `<!doctype html><html><body>
<nav><a href="/">Home</a> <a href="/about">About us</a></nav>
<h1>Settings</h1>
<div role="tablist"><button role="tab">Profile</button><button role="tab">Billing</button></div>
<form action="/save" method="post">
  <label for="n">Display name</label><input id="n" name="display">
  <label>Email address <input type="email" name="email"></label>
  <textarea aria-label="Comment"></textarea>
  <select name="size" aria-label="Size"><option value="s">Small</option><option value="l">Large</option></select>
  <label><input type="checkbox" name="news"> Send me the newsletter</label>
  <label><input type="checkbox" name="terms"> I accept the terms</label>
  <input type="radio" name="plan" id="p1"><label for="p1">Monthly</label>
  <input type="radio" name="plan" id="p2"><label for="p2">Yearly</label>
  <button type="button">Preview</button>
  <button type="submit">Save changes</button>
  <button type="submit" disabled>Delete account</button>
</form>
<p><a href="/a">First article</a> <a href="/b">Second article</a> <a href="/c">Third article</a></p>
<div style="display:none"><button>Hidden action</button></div>
</body></html>`;
const controls = readPageStructure(page, 'http://site.test/settings').controls ?? [];
const ground = (instruction: string) => {
  const steps = readInstruction(instruction);
  if (!steps) throw new Error(`not an instruction: ${instruction}`);
  return groundSteps(steps, controls);
};
const xpathOfName = (name: string): string | undefined => controls.find((c) => c.name === name)?.xpath;

describe('groundSteps', () => {
  it('reads the controls a person sees, in document order, with their accessible names', () => {
    const names = controls.map((c) => `${c.kind}:${c.name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'link:Home',
        'tab:Profile',
        'field:Display name',
        'field:Email address',
        'field:Comment',
        'dropdown:Size',
        'checkbox:Send me the newsletter',
        'radio:Yearly',
        'button:Save changes',
        'link:Third article',
      ]),
    );
    expect(names).not.toContain('button:Hidden action');
  });

  it('fills fields, chooses options, ticks boxes and submits the form they are in', () => {
    const g = ground(
      'Type "Ada" into the display name field, choose "Large" from the size menu, tick "I accept the terms" and submit',
    );
    expect(g.unresolved).toBeUndefined();
    expect(g.consumed).toBe(4);
    expect(g.actions).toEqual([
      { type: 'fill', value: 'Ada', target: { xpath: xpathOfName('Display name') } },
      { type: 'select', value: 'l', target: { xpath: xpathOfName('Size') } },
      { type: 'check', target: { xpath: xpathOfName('I accept the terms') } },
      { type: 'click', target: { xpath: xpathOfName('Save changes') } },
    ]);
  });

  it('picks by position among the kind ("the second article link", "the last link")', () => {
    expect(ground('Click the second link').actions[0]).toEqual({
      type: 'click',
      target: { xpath: xpathOfName('About us') },
    });
    expect(ground('Click the last link').actions[0]).toEqual({
      type: 'click',
      target: { xpath: xpathOfName('Third article') },
    });
    expect(ground('Select the Yearly radio button').actions[0]).toEqual({
      type: 'check',
      target: { xpath: xpathOfName('Yearly') },
    });
  });

  it('stops after a step that may change the page: the rest is grounded on the next page', () => {
    const g = ground('Click the Billing tab, then type "x" into the comment box');
    expect(g.consumed).toBe(1);
    expect(g.actions).toEqual([{ type: 'click', target: { xpath: xpathOfName('Billing') } }]);
  });

  it('reports a step nothing answers, with the candidates, and never guesses', () => {
    const g = ground('Click the "Checkout" button');
    expect(g.actions).toEqual([]);
    expect(g.unresolved?.why).toMatch(/no button named "Checkout"/);
    expect(g.unresolved?.candidates).toEqual(expect.arrayContaining(['"Save changes" (button)']));
    expect(ground('Click the "Delete account" button').unresolved?.why).toMatch(/disabled/);
    expect(ground('Choose "Huge" from the size dropdown').unresolved?.why).toMatch(/no option "Huge"/);
    expect(ground('Click the ninth link').unresolved?.why).toMatch(/not 9/);
  });

  it('reads "the first name field" as the field named so when there is one, else as a position', () => {
    const form =
      readPageStructure(
        '<form><label for="l">Last name</label><input id="l"><label for="f">First name</label><input id="f"></form>',
        'http://site.test/',
      ).controls ?? [];
    const steps = readInstruction('Type "Ada" into the first name field') ?? [];
    expect(groundSteps(steps, form).actions[0]).toMatchObject({
      type: 'fill',
      target: { xpath: form[1]?.xpath },
    });
    const plain =
      readPageStructure('<label>Name <input></label><label>Nickname <input></label>', 'http://site.test/')
        .controls ?? [];
    expect(groundSteps(steps, plain).actions[0]).toMatchObject({
      type: 'fill',
      target: { xpath: plain[0]?.xpath },
    });
  });

  it('matches unquoted names by their words, and quoted names as written', () => {
    expect(ground('Click on Save').actions[0]).toEqual({
      type: 'click',
      target: { xpath: xpathOfName('Save changes') },
    });
    expect(ground('Click "Save"').actions[0]).toEqual({
      type: 'click',
      target: { xpath: xpathOfName('Save changes') },
    });
    expect(ground('Click "ave chan"').unresolved).toBeDefined();
  });

  it('finds the control by what its row or item says, and the page search field', () => {
    const table =
      readPageStructure(
        `<table><tr><td>Maple</td><td><button>Edit</button> <button>Delete</button></td></tr>
       <tr><td>Cedar</td><td><button>Edit</button> <button>Delete</button></td></tr></table>
       <ul><li><input type="checkbox"> Birch</li><li><input type="checkbox"> Opal</li></ul>
       <form role="search"><input name="q" aria-label="Query"></form>`,
        'http://site.test/',
      ).controls ?? [];
    const one = (instruction: string) => groundSteps(readInstruction(instruction) ?? [], table).actions;
    const cedarDelete = table.filter((c) => c.name === 'Delete')[1]?.xpath;
    expect(one('Click "Delete" for "Cedar"')).toEqual([{ type: 'click', target: { xpath: cedarDelete } }]);
    expect(one('Press the Delete button in the row of Cedar')).toEqual([
      { type: 'click', target: { xpath: cedarDelete } },
    ]);
    const opal = table.filter((c) => c.kind === 'checkbox')[1]?.xpath;
    expect(one('Tick the checkbox next to "Opal"')).toEqual([{ type: 'check', target: { xpath: opal } }]);
    const query = table.find((c) => c.search)?.xpath;
    expect(one('Search for "blue tent"')).toEqual([
      { type: 'fill', value: 'blue tent', target: { xpath: query } },
      { type: 'press', key: 'Enter', target: { xpath: query } },
    ]);
  });

  it('clicks the button rather than the field of the same name', () => {
    const page =
      readPageStructure(
        '<label for="c">Comment</label><textarea id="c"></textarea><button type="button">Comment</button>',
        'http://site.test/',
      ).controls ?? [];
    const button = page.find((c) => c.kind === 'button')?.xpath;
    expect(
      groundSteps(readInstruction('Type "hi" into the comment box and click "Comment"') ?? [], page).actions,
    ).toEqual([
      { type: 'fill', value: 'hi', target: { xpath: page.find((c) => c.kind === 'field')?.xpath } },
      { type: 'click', target: { xpath: button } },
    ]);
  });
});
