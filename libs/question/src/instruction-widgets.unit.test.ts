import { readInstruction, type InstructionStep } from './instruction.js';

const one = (text: string): InstructionStep => {
  const steps = readInstruction(text);
  const step = steps?.[0];
  if (!steps || steps.length !== 1 || !step)
    throw new Error(`not one step: ${text} → ${JSON.stringify(steps)}`);
  return step;
};

describe('instructions on widgets and lists', () => {
  it.each([
    ['Set the volume slider to 35', { op: 'set', target: { name: 'volume', kind: 'slider' }, value: '35' }],
    ['Move the slider to 7', { op: 'set', target: { kind: 'slider' }, value: '7' }],
    ['Drag the speed slider to 40', { op: 'set', target: { name: 'speed', kind: 'slider' }, value: '40' }],
    [
      'Slide the balance slider to "60"',
      { op: 'set', target: { name: 'balance', kind: 'slider' }, value: '60' },
    ],
  ])('reads a slider moved to a number: %s', (text, step) => {
    expect(one(text)).toEqual(step);
  });

  it.each([
    ['Drag "Report" to "Done"', 'Report', 'Done'],
    ['Move "Milk" into the "Basket" list', 'Milk', 'Basket'],
    ['Drag the “Invoice” card onto “Archive”', 'Invoice', 'Archive'],
    ["Move 'Tea' into the 'Later' area", 'Tea', 'Later'],
  ])('reads a drag onto a named area: %s', (text, what, where) => {
    expect(one(text)).toEqual({
      op: 'drag',
      target: { name: what, exact: true },
      to: { name: where, exact: true },
    });
  });

  it('reads hovering, then acting on what it shows', () => {
    for (const text of [
      'Hover over "Products" and click "Laptops"',
      'Move the mouse over "Products", then click "Laptops"',
      'Mouse over "Products" and then click "Laptops"',
    ])
      expect(readInstruction(text)).toEqual([
        { op: 'hover', target: { name: 'Products', exact: true } },
        { op: 'click', target: { name: 'Laptops', exact: true } },
      ]);
  });

  it('reads scrolling', () => {
    expect(readInstruction('Scroll down and click "More"')?.[0]).toEqual({ op: 'scroll', to: 'down' });
    expect(one('Scroll to the bottom of the page')).toEqual({ op: 'scroll', to: 'bottom' });
    expect(one('scroll to the end')).toEqual({ op: 'scroll', to: 'bottom' });
    expect(one('Scroll up')).toEqual({ op: 'scroll', to: 'up' });
  });

  it('reads a list of names to tick as one check each', () => {
    for (const verb of ['Tick', 'Check', 'Select'])
      expect(readInstruction(`${verb} "Red", 'Blue' and “Green”`)).toEqual(
        ['Red', 'Blue', 'Green'].map((name) => ({ op: 'check', target: { name, exact: true } })),
      );
    expect(readInstruction('Untick "Red" and "Blue"')).toEqual(
      ['Red', 'Blue'].map((name) => ({ op: 'uncheck', target: { name, exact: true } })),
    );
  });

  it('reads a focus or a click in a field as a click on it', () => {
    for (const text of ['Focus on the city field', 'Click in the city field', 'Click into the city box'])
      expect(one(text)).toMatchObject({ op: 'click', target: { name: 'city' } });
  });

  it.each([
    ['Buy the cheapest item', 'buy', 'min', 'price'],
    ['Purchase the most expensive one', 'purchase', 'max', 'price'],
    ['Book the least expensive flight', 'book', 'min', 'price'],
  ])('reads an item chosen by price with the verb as the control: %s', (text, name, order, by) => {
    const step = one(text);
    expect(step).toMatchObject({ op: 'click', target: { name, rank: { order, by } } });
    expect(step.op === 'click' && step.target.synonyms?.length).toBeGreaterThan(0);
  });

  it.each([
    ['Click the largest number', { rank: { order: 'max' } }],
    ['Press the button with the smallest number', { kind: 'button', rank: { order: 'min' } }],
    [
      'Click "Select" in the row with the highest score',
      { name: 'Select', exact: true, rank: { order: 'max', by: 'score' } },
    ],
    [
      'Click "Add to cart" for the cheapest product',
      { name: 'Add to cart', exact: true, rank: { order: 'min', by: 'price' } },
    ],
    [
      'Press "Book" on the row with the lowest age',
      { name: 'Book', exact: true, rank: { order: 'min', by: 'age' } },
    ],
    ['Open the most recent post', { rank: { order: 'max', by: 'recent' } }],
  ])('reads a quantity that chooses among the candidates: %s', (text, target) => {
    expect(one(text)).toEqual({ op: 'click', target });
  });

  it('reads one item of a list told by its text, and the verb done to it', () => {
    expect(one('Open the email from Ana Lopes')).toEqual({
      op: 'click',
      target: { near: 'Ana Lopes', item: true },
    });
    expect(one('Click the message about "Team lunch"')).toEqual({
      op: 'click',
      target: { near: 'Team lunch', item: true },
    });
    const del = one('Delete the email from Ana');
    expect(del).toMatchObject({ op: 'click', target: { name: 'delete', near: 'Ana' } });
    expect(del.op === 'click' ? del.target.synonyms : []).toEqual(
      expect.arrayContaining(['remove', 'trash']),
    );
    expect(one('Reply to the message from Bob')).toMatchObject({ target: { name: 'reply', near: 'Bob' } });
    expect(one('Archive the mail about invoices')).toMatchObject({
      target: { name: 'archive', near: 'invoices' },
    });
  });

  it('does not read requests, named controls or bare verbs as items or quantities', () => {
    expect(
      readInstruction('Select the cheapest hotel with free parking and tell me its price'),
    ).toBeUndefined();
    expect(readInstruction('Which is the cheapest item?')).toBeUndefined();
    expect(one('Click Sort by price')).toEqual({ op: 'click', target: { name: 'Sort by price' } });
    expect(one('Click the sort by price button')).toEqual({
      op: 'click',
      target: { name: 'sort by price', kind: 'button' },
    });
    // an item verb needs the item told by its text or a quantity
    expect(readInstruction('Delete everything')).toBeUndefined();
  });
});
