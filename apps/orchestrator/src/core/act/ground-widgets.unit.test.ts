import { readInstruction } from '@forage/question';
import { readPageStructure } from '../explore/page-structure.js';
import type { PageControl } from '../explore/controls.js';
import { groundSteps } from './ground.js';

const controlsOf = (body: string): readonly PageControl[] =>
  readPageStructure(`<!doctype html><html><body>${body}</body></html>`, 'http://site.test/p').controls ?? [];
const ground = (instruction: string, controls: readonly PageControl[]) => {
  const steps = readInstruction(instruction);
  if (!steps) throw new Error(`not an instruction: ${instruction}`);
  return groundSteps(steps, controls);
};
const xpathOf = (controls: readonly PageControl[], kind: string, name: string): string | undefined =>
  controls.find((c) => c.kind === kind && c.name === name)?.xpath;

describe('grounding on widgets', () => {
  const sliders = controlsOf(`
<label for="v">Volume</label><input id="v" type="range" min="0" max="50" value="10">
<span id="r">Rating</span><div role="slider" tabindex="0" aria-labelledby="r" aria-valuemin="1" aria-valuemax="5" aria-valuenow="3"></div>`);

  it('gives a native slider its value and walks a keyboard slider to it from Home', () => {
    expect(sliders.map((c) => [c.kind, c.name, c.range])).toEqual([
      ['slider', 'Volume', { min: 0, max: 50, step: 1, now: 10, byKeys: false }],
      ['slider', 'Rating', { min: 1, max: 5, step: 1, now: 3, byKeys: true }],
    ]);
    expect(ground('Set the volume slider to 35', sliders).actions).toEqual([
      { type: 'fill', value: '35', target: { xpath: xpathOf(sliders, 'slider', 'Volume') } },
    ]);
    const keys = ground('Move the rating slider to 4', sliders).actions;
    expect(keys.map((a) => (a.type === 'press' ? a.key : a.type))).toEqual([
      'Home',
      'ArrowRight',
      'ArrowRight',
      'ArrowRight',
    ]);
  });

  it('refuses a value outside the slider, naming its bounds', () => {
    const g = ground('Set the volume slider to 80', sliders);
    expect(g.actions).toEqual([]);
    expect(g.unresolved?.why).toMatch(/from 0 to 50/);
  });

  const board = controlsOf(`
<section role="region" aria-label="Inbox"><div draggable="true">Report</div><div draggable="true">Invoice</div></section>
<section role="region" aria-label="Done"><h3>Done</h3></section>
<div class="zone"><h3>Later</h3></div>`);

  it('drags an item onto the area named so, else onto the element reading the name', () => {
    expect(ground('Drag "Invoice" to "Done"', board).actions).toEqual([
      {
        type: 'drag',
        target: { xpath: xpathOf(board, 'draggable', 'Invoice') },
        to: { xpath: xpathOf(board, 'region', 'Done') },
      },
    ]);
    expect(ground('Move "Report" into the "Later" area', board).actions).toEqual([
      { type: 'drag', target: { xpath: xpathOf(board, 'draggable', 'Report') }, to: { text: 'Later' } },
    ]);
    // a click never goes to a drop area
    expect(ground('Click "Done"', board).unresolved).toBeDefined();
  });

  const listbox = (open: boolean): readonly PageControl[] =>
    controlsOf(`<span id="l">Colour</span>
<button type="button" id="b" aria-haspopup="listbox" aria-labelledby="l b">Choose…</button>
<ul role="listbox" ${open ? '' : 'hidden'}><li role="option">Red</li><li role="option">Blue</li></ul>`);

  it('opens a scripted dropdown, and chooses its option on the list it shows', () => {
    const closed = ground('Choose "Blue" from the colour dropdown', listbox(false));
    expect(closed.consumed).toBe(0);
    expect(closed.actions).toEqual([
      { type: 'click', target: { xpath: xpathOf(listbox(false), 'dropdown', 'Colour Choose…') } },
    ]);
    const opened = ground('Choose "Blue" from the colour dropdown', listbox(true));
    expect(opened.consumed).toBe(1);
    expect(opened.actions).toEqual([
      { type: 'click', target: { xpath: xpathOf(listbox(true), 'option', 'Blue') } },
    ]);
    const missing = ground('Choose "Green" from the colour dropdown', listbox(true));
    expect(missing.unresolved?.candidates).toEqual(['Red', 'Blue']);
  });

  it('hovers, and ends the batch so what it shows is grounded next', () => {
    const menu = controlsOf(
      `<button aria-haspopup="true">Products</button><div hidden><a href="/l">Laptops</a></div>`,
    );
    const g = ground('Hover over "Products" and click "Laptops"', menu);
    expect(g.actions).toEqual([{ type: 'hover', target: { xpath: xpathOf(menu, 'button', 'Products') } }]);
    expect(g.consumed).toBe(1);
  });
});

describe('grounding by quantity and by item', () => {
  const shop = controlsOf(`<ul>
<li><b>Desk lamp</b> <span>$42.00</span> <button>Add to cart</button></li>
<li><b>Floor lamp</b> <span>$19.50</span> <button>Add to cart</button></li>
<li><b>Wall lamp</b> <span>$120.00</span> <button>Add to cart</button></li></ul>`);
  const buttons = shop.filter((c) => c.kind === 'button').map((c) => c.xpath);

  it('buys the cheapest or dearest item by the price in its card, under the button it carries', () => {
    expect(ground('Buy the cheapest item', shop).actions).toEqual([
      { type: 'click', target: { xpath: buttons[1] } },
    ]);
    expect(ground('Purchase the most expensive one', shop).actions).toEqual([
      { type: 'click', target: { xpath: buttons[2] } },
    ]);
  });

  const table = controlsOf(`<table><tr><th>Name</th><th>Score</th><th>Age</th><th></th></tr>
<tr><td>Ana</td><td>71</td><td>30</td><td><button>Select</button></td></tr>
<tr><td>Bo</td><td>93</td><td>25</td><td><button>Select</button></td></tr>
<tr><td>Cy</td><td>88</td><td>41</td><td><button>Select</button></td></tr></table>`);
  const selects = table.filter((c) => c.kind === 'button').map((c) => c.xpath);

  it('ranks table rows by the column the instruction names', () => {
    expect(table[0]?.cells).toEqual({ Name: 'Ana', Score: '71', Age: '30' });
    expect(ground('Click "Select" in the row with the highest score', table).actions[0]).toEqual({
      type: 'click',
      target: { xpath: selects[1] },
    });
    expect(ground('Click "Select" in the row with the highest age', table).actions[0]).toEqual({
      type: 'click',
      target: { xpath: selects[2] },
    });
  });

  it('refuses a quantity no candidate states, rather than guessing', () => {
    const g = ground('Click "Select" in the row with the highest price', table);
    expect(g.actions).toEqual([]);
    expect(g.unresolved?.why).toMatch(/states a price/);
  });

  it('clicks the largest or smallest of the numbers a page offers', () => {
    const numbers = controlsOf(
      '<button>12</button> <button>7</button> <button>1,204</button> <button>OK</button>',
    );
    expect(ground('Click the largest number', numbers).actions[0]).toEqual({
      type: 'click',
      target: { xpath: xpathOf(numbers, 'button', '1,204') },
    });
    expect(ground('Press the button with the smallest number', numbers).actions[0]).toEqual({
      type: 'click',
      target: { xpath: xpathOf(numbers, 'button', '7') },
    });
  });

  const inbox = controlsOf(`<ul>
<li><input type="checkbox" aria-label="Select"> <b>Ana Lopes</b> <a href="#1">Invoice</a> <button>Trash</button></li>
<li><input type="checkbox" aria-label="Select"> <b>Bo Berg</b> <a href="#2">Team lunch</a> <button>Trash</button></li></ul>`);

  it('opens an item by its link, and does a verb on it with the button named so or by a synonym', () => {
    expect(ground('Open the email from Bo Berg', inbox).actions[0]).toEqual({
      type: 'click',
      target: { xpath: xpathOf(inbox, 'link', 'Team lunch') },
    });
    const trash = inbox.filter((c) => c.name === 'Trash').map((c) => c.xpath);
    expect(ground('Delete the message from Ana Lopes', inbox).actions[0]).toEqual({
      type: 'click',
      target: { xpath: trash[0] },
    });
    expect(ground('Delete the message about "Team lunch"', inbox).actions[0]).toEqual({
      type: 'click',
      target: { xpath: trash[1] },
    });
    expect(ground('Archive the email from Ana Lopes', inbox).unresolved?.why).toMatch(/archive/);
  });
});

describe('grounding dates', () => {
  const calendar = (open: boolean, month = 'March'): readonly PageControl[] =>
    controlsOf(`<label for="d">Check-in date</label><input id="d" readonly placeholder="Select a date">
<div ${open ? '' : 'hidden'}><button aria-label="Previous month">‹</button><b>${month} 2027</b><button aria-label="Next month">›</button>
${Array.from({ length: 28 }, (_, i) => `<button aria-label="${month} ${String(i + 1)}, 2027">${String(i + 1)}</button>`).join('')}</div>`);

  it('opens a read-only date field, pages its calendar to the month and clicks the day', () => {
    const closed = ground('Pick April 9, 2027 as the check-in date', calendar(false));
    expect(closed.consumed).toBe(0);
    expect(closed.actions).toEqual([
      { type: 'click', target: { xpath: xpathOf(calendar(false), 'field', 'Check-in date') } },
    ]);
    const march = calendar(true);
    const paged = ground('Pick April 9, 2027 as the check-in date', march);
    expect(paged.consumed).toBe(0);
    expect(paged.actions).toEqual([
      { type: 'click', target: { xpath: xpathOf(march, 'button', 'Next month') } },
    ]);
    const back = ground('Set the check-in date to 2027-01-20', march);
    expect(back.actions).toEqual([
      { type: 'click', target: { xpath: xpathOf(march, 'button', 'Previous month') } },
    ]);
    const april = calendar(true, 'April');
    const picked = ground('Choose 9 April 2027 in the check-in date picker', april);
    expect(picked.consumed).toBe(1);
    expect(picked.actions).toEqual([
      { type: 'click', target: { xpath: xpathOf(april, 'button', 'April 9, 2027') } },
    ]);
  });

  it('types a date into a native date input in ISO, and into a text field in its placeholder format', () => {
    const fields = controlsOf(`<label for="a">Arrival</label><input id="a" type="date">
<label for="b">Birthday</label><input id="b" placeholder="dd/mm/yyyy">`);
    expect(ground('Set the arrival field to March 4, 2026', fields).actions).toEqual([
      { type: 'fill', value: '2026-03-04', target: { xpath: xpathOf(fields, 'field', 'Arrival') } },
    ]);
    expect(ground('Enter 2026-03-04 in the birthday field', fields).actions).toEqual([
      { type: 'fill', value: '04/03/2026', target: { xpath: xpathOf(fields, 'field', 'Birthday') } },
    ]);
  });
});
