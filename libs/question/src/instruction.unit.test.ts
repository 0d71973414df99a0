import { readInstruction, refOf, type InstructionStep } from './instruction.js';

/**
 * Instructions written from the grammar (verbs × references × values × joiners), not from any
 * task page: every phrasing must read to the same steps.
 */
const CLICK_VERBS = ['Click', 'Click on', 'Press', 'Tap', 'Hit', 'Please click', 'Now click', 'Push'];
const NAMES = ['Submit', 'Sign up now', 'Blue', 'Read more', 'OK'];
const QUOTES: readonly ((s: string) => string)[] = [(s) => `"${s}"`, (s) => `'${s}'`, (s) => `“${s}”`];
const ORDINALS: readonly [string, number][] = [
  ['first', 1],
  ['second', 2],
  ['3rd', 3],
  ['fourth', 4],
  ['last', -1],
];
const KINDS: readonly [string, string][] = [
  ['button', 'button'],
  ['link', 'link'],
  ['checkbox', 'checkbox'],
  ['check box', 'checkbox'],
  ['radio button', 'radio'],
  ['tab', 'tab'],
  ['text field', 'field'],
  ['dropdown', 'dropdown'],
];
const JOINERS = [', then ', ' and then ', ' then ', '. ', '; ', ', and '];

describe('readInstruction', () => {
  it('reads a click on a quoted name with any verb, quote and kind word', () => {
    let n = 0;
    for (const verb of CLICK_VERBS)
      for (const name of NAMES)
        for (const quote of QUOTES) {
          for (const [kindWord, kind] of [
            ['', undefined],
            ['button', 'button'],
            ['link', 'link'],
          ] as const) {
            const text = `${verb} the ${quote(name)}${kindWord ? ` ${kindWord}` : ''}`;
            const steps = readInstruction(text);
            expect({ text, steps }).toEqual({
              text,
              steps: [{ op: 'click', target: { name, exact: true, ...(kind ? { kind } : {}) } }],
            });
            n++;
          }
        }
    expect(n).toBeGreaterThanOrEqual(300);
  });

  it('reads ordinals and kinds ("the second link", "the last checkbox", "button number 3")', () => {
    for (const [word, ordinal] of ORDINALS)
      for (const [kindWord, kind] of KINDS) {
        const text = `Click the ${word} ${kindWord}`;
        expect({ text, steps: readInstruction(text) }).toEqual({
          text,
          steps: [{ op: 'click', target: { kind, ordinal } }],
        });
      }
    expect(readInstruction('Click button number 3')).toEqual([
      { op: 'click', target: { kind: 'button', ordinal: 3 } },
    ]);
  });

  it('reads unquoted names before a kind word', () => {
    expect(readInstruction('Click the Sign in button')).toEqual([
      { op: 'click', target: { name: 'Sign in', kind: 'button' } },
    ]);
    expect(readInstruction('Open the Reviews tab')).toEqual([
      { op: 'click', target: { name: 'Reviews', kind: 'tab' } },
    ]);
    expect(readInstruction('click on Contact us')).toEqual([{ op: 'click', target: { name: 'Contact us' } }]);
  });

  it('reads values typed into fields in every usual form', () => {
    const want = (name: string, value: string, exact = false): InstructionStep[] => [
      { op: 'set', target: { name, ...(exact ? { exact } : {}), kind: 'field' }, value },
    ];
    for (const verb of ['Type', 'Enter', 'Write', 'Input', 'Put'])
      for (const prep of ['into', 'in'])
        for (const quote of QUOTES) {
          const text = `${verb} ${quote('hello world')} ${prep} the comment field`;
          expect({ text, steps: readInstruction(text) }).toEqual({
            text,
            steps: want('comment', 'hello world'),
          });
        }
    expect(readInstruction('Fill the email field with "ana@example.org"')).toEqual(
      want('email', 'ana@example.org'),
    );
    expect(readInstruction('Set the quantity field to 3')).toEqual(want('quantity', '3'));
    expect(readInstruction('Enter Oslo in the "City" box')).toEqual([
      { op: 'set', target: { name: 'City', exact: true }, value: 'Oslo' },
    ]);
    expect(readInstruction('Select the "Coral" box')).toEqual([
      { op: 'click', target: { name: 'Coral', exact: true } },
    ]);
  });

  it('reads options chosen from dropdowns', () => {
    for (const verb of ['Select', 'Choose', 'Pick'])
      for (const prep of ['from', 'in'])
        expect(readInstruction(`${verb} "Large" ${prep} the size dropdown`)).toEqual([
          { op: 'set', target: { name: 'size', kind: 'dropdown' }, value: 'Large' },
        ]);
  });

  it('reads checking and unchecking, and "select the checkbox" as checking it', () => {
    for (const verb of ['Check', 'Tick', 'Mark', 'Select'])
      expect(readInstruction(`${verb} the "Gift wrap" checkbox`)).toEqual([
        { op: 'check', target: { name: 'Gift wrap', exact: true, kind: 'checkbox' } },
      ]);
    for (const verb of ['Uncheck', 'Untick', 'Deselect'])
      expect(readInstruction(`${verb} the newsletter checkbox`)).toEqual([
        { op: 'uncheck', target: { name: 'newsletter', kind: 'checkbox' } },
      ]);
    for (const verb of ['Clear', 'Empty', 'Erase'])
      expect(readInstruction(`${verb} the search field`)).toEqual([
        { op: 'set', target: { name: 'search', kind: 'field' }, value: '' },
      ]);
  });

  it('reads sequences joined in every usual way, with keys and a final submit', () => {
    for (const joiner of JOINERS) {
      const text = `Type "blue" into the search box${joiner}press Enter${joiner}click the first link`;
      expect({ text, steps: readInstruction(text) }).toEqual({
        text,
        steps: [
          { op: 'set', target: { name: 'search' }, value: 'blue' },
          { op: 'press', key: 'Enter' },
          { op: 'click', target: { kind: 'link', ordinal: 1 } },
        ],
      });
    }
    expect(
      readInstruction('Enter "kim" in the username field and "x1" in the password field and submit'),
    ).toEqual([
      { op: 'set', target: { name: 'username', kind: 'field' }, value: 'kim' },
      { op: 'set', target: { name: 'password', kind: 'field' }, value: 'x1' },
      { op: 'submit' },
    ]);
    expect(readInstruction('Tick "A", tick "C" and submit')).toEqual([
      { op: 'check', target: { name: 'A', exact: true } },
      { op: 'check', target: { name: 'C', exact: true } },
      { op: 'submit' },
    ]);
  });

  it('keeps separators inside quotes', () => {
    expect(readInstruction('Type "red, then blue. and green" into the notes field')).toEqual([
      { op: 'set', target: { name: 'notes', kind: 'field' }, value: 'red, then blue. and green' },
    ]);
  });

  it('is not an instruction: questions and tasks stated by their goal', () => {
    for (const text of [
      'What is the price of this product?',
      'Send the contact form with name Ana Lee and email ana@example.org',
      'Fill in the form with my details',
      'Which hotel in Oslo has the highest rating?',
      'How many items are in the list?',
      'Open and tell me the price',
      'Fill in the contact form with name Ana Lee, email ana@example.org and message I would like a quote for ten chairs',
      'Fill in the contact form with name Ana Lee and message Hello',
      'Open the page and tell me what it costs',
      'Select the cheapest hotel with free parking and tell me its price',
      '',
    ])
      expect({ text, steps: readInstruction(text) }).toEqual({ text, steps: undefined });
  });
});

describe('refOf', () => {
  it('reads "labelled" and "named" phrasings', () => {
    expect(refOf('the button labelled "Go"')).toEqual({ name: 'Go', exact: true, kind: 'button' });
    expect(refOf('the link named Pricing')).toEqual({ name: 'Pricing', kind: 'link' });
  });
});

describe('references by what is beside the element', () => {
  it('reads "next to", "beside", "in the row of" and a quoted "for"', () => {
    for (const rel of ['next to', 'beside', 'right next to', 'in the row of', 'in the same row as'])
      expect(readInstruction(`Tick the checkbox ${rel} "Maple"`)).toEqual([
        { op: 'check', target: { kind: 'checkbox', near: 'Maple' } },
      ]);
    expect(readInstruction('Click "Delete" for "Maple"')).toEqual([
      { op: 'click', target: { name: 'Delete', exact: true, near: 'Maple' } },
    ]);
    expect(readInstruction('Press the Edit button in the row of Cedar')).toEqual([
      { op: 'click', target: { name: 'Edit', kind: 'button', near: 'Cedar' } },
    ]);
  });

  it('never reads a relation inside a quoted name, or "of"/"for" before an unquoted neighbour', () => {
    expect(readInstruction('Click "Sit next to me"')).toEqual([
      { op: 'click', target: { name: 'Sit next to me', exact: true } },
    ]);
    expect(readInstruction('Click the Terms of Use link')).toEqual([
      { op: 'click', target: { name: 'Terms of Use', kind: 'link' } },
    ]);
  });

  it('reads a quoted search as a search on the page, and leaves an unquoted one to the question', () => {
    expect(readInstruction('Search for "blue tent"')).toEqual([{ op: 'search', value: 'blue tent' }]);
    expect(readInstruction('Search the shop for "stove", then click the first link')).toEqual([
      { op: 'search', value: 'stove' },
      { op: 'click', target: { kind: 'link', ordinal: 1 } },
    ]);
    expect(readInstruction('Search for hotels under $200 with free parking')).toBeUndefined();
  });
});
