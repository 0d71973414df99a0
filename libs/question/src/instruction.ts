import { readDate } from './dates.js';

/**
 * Instructions to act on a page ("Click the second link", `Type "blue" into the search box and
 * press Enter`, `Select "Large" from the size menu, tick "Gift wrap" and submit`), read from their
 * grammar into steps. Each step names what to do and a reference to the element it is done to;
 * which element that is, is decided against the page (grounding), never here.
 */

/** The kinds of element an instruction names ("the button", "the checkbox", "the field"). */
export type ElementKind =
  'button' | 'link' | 'checkbox' | 'radio' | 'field' | 'dropdown' | 'tab' | 'option' | 'slider';

/** Which element a step is done to, in the instruction's words. */
export interface ElementRef {
  /** The words naming it ("Sign up", "search box" minus the kind word); quoted: `exact`. */
  readonly name?: string;
  readonly exact?: boolean;
  readonly kind?: ElementKind;
  /** 1-based position among the matching elements; -1: the last one. */
  readonly ordinal?: number;
  /** Text beside the element, in its row or item ("the checkbox next to 'Maple'", `"Delete" for "Maple"`). */
  readonly near?: string;
  /**
   * The ordinal's word when it opened the name ("the first name field"): the words may be the
   * element's name rather than a position, which only the page can tell.
   */
  readonly ordinalWord?: string;
  /**
   * Chosen by a quantity among the candidates ("the cheapest item", "the row with the highest
   * score", "the largest number"): `by` is the word naming the quantity, when one is named.
   */
  readonly rank?: { readonly order: 'min' | 'max'; readonly by?: string };
  /** One item of a list (an email, a post, a result) rather than a control named so. */
  readonly item?: boolean;
  /** Other names the control may carry ("Delete" may read "Remove" or "Trash"). */
  readonly synonyms?: readonly string[];
}

export type InstructionStep =
  | { readonly op: 'click'; readonly target: ElementRef }
  | { readonly op: 'check' | 'uncheck'; readonly target: ElementRef }
  /** A value into a text field, or the option of a dropdown (decided by the element found). */
  | { readonly op: 'set'; readonly target: ElementRef; readonly value: string }
  | { readonly op: 'press'; readonly key: string }
  | { readonly op: 'submit' }
  /** A query typed into the page's search field and sent. */
  | { readonly op: 'search'; readonly value: string }
  | { readonly op: 'hover'; readonly target: ElementRef }
  /** The target dragged and dropped onto `to`. */
  | { readonly op: 'drag'; readonly target: ElementRef; readonly to: ElementRef }
  | { readonly op: 'scroll'; readonly to: 'down' | 'up' | 'bottom' | 'top' };

const KIND_WORDS: readonly (readonly [RegExp, ElementKind])[] = [
  [/\b(?:check ?box(?:es)?|tick ?box(?:es)?)$/i, 'checkbox'],
  [/\bradio(?: button)?s?$/i, 'radio'],
  [/\b(?:buttons?|btn)$/i, 'button'],
  [/\b(?:links?|hyperlinks?)$/i, 'link'],
  [/\btabs?$/i, 'tab'],
  [/\b(?:sliders?|range(?: (?:input|control))?)$/i, 'slider'],
  [/\b(?:drop-?downs?|select(?: box| menu)?|menus?|pickers?|lists?|combo ?box(?:es)?)$/i, 'dropdown'],
  [/\boptions?$/i, 'option'],
  [/\b(?:text ?(?:fields?|box(?:es)?|areas?|inputs?)|input box(?:es)?|fields?|inputs?|areas?)$/i, 'field'],
];

const ORDINALS: Readonly<Record<string, number>> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  fifth: 5,
  '5th': 5,
  sixth: 6,
  '6th': 6,
  seventh: 7,
  '7th': 7,
  eighth: 8,
  '8th': 8,
  ninth: 9,
  '9th': 9,
  tenth: 10,
  '10th': 10,
  last: -1,
  final: -1,
};

const KEYS: Readonly<Record<string, string>> = {
  enter: 'Enter',
  return: 'Enter',
  tab: 'Tab',
  escape: 'Escape',
  esc: 'Escape',
  space: 'Space',
  backspace: 'Backspace',
  'arrow down': 'ArrowDown',
  'down arrow': 'ArrowDown',
  'arrow up': 'ArrowUp',
  'up arrow': 'ArrowUp',
};

const QUOTE = `"([^"]+)"|'([^']+)'|“([^”]+)”|‘([^’]+)’`;
const CLICK =
  '(?:click|double-click|press|tap|hit|push|activate|follow|open|expand|collapse|choose|select|pick|focus)';
const SET = '(?:type|enter|write|input|put|fill in|fill out|fill|key in|set|change)';
const CHECK = '(?:check|tick|mark|enable|turn on|switch on)';
const UNCHECK = '(?:uncheck|untick|unmark|clear|disable|turn off|switch off|deselect)';
const POLITE = /^(?:(?:please|now|then|and|next|finally|first|lastly|after that|afterwards)[\s,]+)+/i;

/**
 * The steps an instruction asks for, in order, or undefined when it is not an instruction to act
 * on a page's elements (a question, or a task stated by its goal: "send the contact form with …").
 */
export function readInstruction(text: string): InstructionStep[] | undefined {
  const clauses = clausesOf(text.trim());
  if (clauses.length === 0) return undefined;
  const steps: InstructionStep[] = [];
  for (const clause of clauses) {
    const listed = tickedList(clause);
    if (listed) {
      steps.push(...listed);
      continue;
    }
    // `… and "x1" in the password field`: the value of the verb before
    const step =
      stepOf(clause) ?? (new RegExp(`^(?:${QUOTE})`).test(clause) ? stepOf(`enter ${clause}`) : undefined);
    if (!step) return undefined;
    steps.push(step);
  }
  return steps;
}

/** Clauses split where a new verb starts: ", then", "and then", "; ", ". ", ", and", " and <verb>". */
function clausesOf(text: string): string[] {
  const masked = maskQuotes(text);
  const verb = `(?:${CLICK}|${SET}|${CHECK}|${UNCHECK}|${ITEM_VERB}|empty|erase|wipe|submit|send|search|hover|drag|scroll)\\b`;
  const splitter = new RegExp(
    `\\s*(?:[.;!]\\s+|,?\\s+and\\s+then\\s+|,\\s*then\\s+|\\s+then\\s+|,\\s+and\\s+(?=${verb})|\\s+and\\s+(?=${verb})|,\\s+(?=${verb})|,?\\s+and\\s+(?="_*"\\s+(?:in|into)\\s))`,
    'gi',
  );
  const out: string[] = [];
  let from = 0;
  for (const m of masked.matchAll(splitter)) {
    out.push(text.slice(from, m.index));
    from = m.index + m[0].length;
  }
  out.push(text.slice(from));
  return out
    .map((c) =>
      c
        .replace(/[.!]+$/, '')
        .replace(POLITE, '')
        .trim(),
    )
    .filter((c) => c !== '');
}

/** The text with quoted spans blanked, so a separator inside a quote never splits. */
function maskQuotes(text: string): string {
  return text.replace(new RegExp(QUOTE, 'g'), (m) => `"${'_'.repeat(Math.max(0, m.length - 2))}"`);
}

function stepOf(clause: string): InstructionStep | undefined {
  const c = clause.replace(/^(?:you should|you need to|i want you to|go ahead and|try to|can you)\s+/i, '');
  const press = new RegExp(
    `^(?:press|hit|type)\\s+(?:the\\s+)?(${Object.keys(KEYS).join('|')})(?:\\s+key)?$`,
    'i',
  ).exec(c);
  if (press?.[1]) return { op: 'press', key: KEYS[press[1].toLowerCase()] ?? press[1] };
  if (/^(?:submit|send)(?:\s+(?:it|the form|this form|the request|them))?$/i.test(c)) return { op: 'submit' };
  // "search for X" / "search the site for X": the page's search field, then Enter
  const search = new RegExp(
    `^search(?:\\s+(?:the )?(?:site|page|catalog(?:ue)?|shop|store))?\\s+for\\s+(?:${QUOTE})$`,
    'i',
  ).exec(c);
  // quoted only: "search for hotels under $200" asks for a listing, which the question's grammar reads
  if (search) {
    const value = search[1] ?? search[2] ?? search[3] ?? search[4];
    if (value !== undefined) return { op: 'search', value: value.trim() };
  }
  const scroll = /^scroll(?:\s+(down|up)|\s+to\s+the\s+(bottom|top|end))?(?:\s+(?:of\s+)?the\s+page)?$/i.exec(
    c,
  );
  if (scroll) {
    const to = (scroll[1] ?? scroll[2] ?? 'down').toLowerCase();
    return { op: 'scroll', to: to === 'end' ? 'bottom' : (to as 'down' | 'up' | 'bottom' | 'top') };
  }
  const hover =
    /^(?:hover|mouse ?over|move the mouse over|point (?:at|to))\s+(?:over\s+|on\s+|onto\s+|above\s+)?(.+)$/i.exec(
      c,
    );
  if (hover?.[1]) {
    const target = refOf(hover[1]);
    return target ? { op: 'hover', target } : undefined;
  }
  const drag = dragStep(c);
  if (drag) return drag;
  const item = itemStep(c);
  if (item) return item;
  const set = setStep(c);
  if (set) return set;
  // "empty the notes field", "erase the search box": a value of nothing
  const empty = /^(?:empty|erase|wipe)\s+(.+)$/i.exec(c);
  if (empty?.[1]) {
    const target = refOf(empty[1]);
    return target && !formWide(target) ? { op: 'set', target, value: '' } : undefined;
  }
  const check = new RegExp(`^(${CHECK}|${UNCHECK})\\s+(.+)$`, 'i').exec(c);
  if (check?.[1] && check[2]) {
    const target = refOf(check[2]);
    if (!target) return undefined;
    const on = new RegExp(`^${CHECK}$`, 'i').test(check[1]);
    // "clear the search field" empties a field: a value of nothing, not a checkbox
    if (!on && target.kind === 'field') return { op: 'set', target, value: '' };
    return { op: on ? 'check' : 'uncheck', target };
  }
  const click = new RegExp(`^${CLICK}\\s+(?:on\\s+|at\\s+|in\\s+|into\\s+)?(.+)$`, 'i').exec(c);
  if (click?.[1]) {
    const target = refOf(click[1]);
    if (!target) return undefined;
    // "select the checkbox …" ticks it
    if (/^(?:select|choose|pick)\b/i.test(c) && (target.kind === 'checkbox' || target.kind === 'radio'))
      return { op: 'check', target };
    return { op: 'click', target };
  }
  return undefined;
}

/** `Tick "Red", "Blue" and "Green"`: one check step per quoted name. */
function tickedList(clause: string): InstructionStep[] | undefined {
  const m = new RegExp(
    `^(${CHECK}|${UNCHECK}|select|choose|pick)\\s+(.+?)(?:\\s+(?:check ?box(?:es)?|boxes|options))?$`,
    'i',
  ).exec(clause.replace(POLITE, ''));
  if (!m?.[1] || !m[2]) return undefined;
  const list = m[2];
  const names = [...list.matchAll(new RegExp(QUOTE, 'g'))].map((q) => q[1] ?? q[2] ?? q[3] ?? q[4] ?? '');
  // nothing but quoted names and their separators
  const rest = list.replace(new RegExp(QUOTE, 'g'), '').replace(/\s*(?:,|\band\b|&)\s*/gi, '');
  if (names.length < 2 || rest.trim() !== '') return undefined;
  const op = new RegExp(`^${UNCHECK}$`, 'i').test(m[1]) ? 'uncheck' : 'check';
  return names.map((name) => ({ op, target: { name, exact: true } }));
}

/**
 * "Drag 'Report' to 'Done'", "move the card Milk into the Basket list"; a slider moved to a
 * number is set to it ("drag the slider to 40").
 */
function dragStep(c: string): InstructionStep | undefined {
  const m = /^(?:drag|move|slide)\s+(.+?)\s+(?:to|into|onto|over|on to|on|in)\s+(.+)$/i.exec(c);
  if (!m?.[1] || !m[2]) return undefined;
  const target = refOf(m[1]);
  if (!target) return undefined;
  const number = /^(?:the\s+value\s+(?:of\s+)?)?(-?\d+(?:\.\d+)?)$/i.exec(unquote(m[2].trim()));
  if (number?.[1]) return { op: 'set', target, value: number[1] };
  const to = refOf(m[2]);
  if (!to) return undefined;
  // "into the Basket list", "onto the Done area": where things are dropped is an area
  const { kind, ...area } = to;
  return { op: 'drag', target, to: kind === 'dropdown' || kind === 'field' ? area : to };
}

/**
 * Verbs done to one item of a list, by the item's own button ("delete the email from Ana",
 * "archive the message about invoices", "buy the cheapest item", "book the cheapest one").
 */
const ITEM_VERB =
  '(?:delete|remove|trash|archive|star|flag|like|reply to|forward|buy|purchase|book|reserve|order)';
const ITEM_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  delete: ['remove', 'trash', 'bin'],
  remove: ['delete', 'trash'],
  trash: ['delete', 'remove'],
  star: ['favourite', 'favorite'],
  like: ['favourite', 'favorite', 'heart'],
  'reply to': ['reply'],
  buy: ['add to cart', 'add to basket', 'purchase', 'order'],
  purchase: ['buy', 'add to cart', 'order'],
  book: ['reserve', 'select', 'choose'],
  reserve: ['book', 'select'],
  order: ['buy', 'add to cart'],
};

function itemStep(c: string): InstructionStep | undefined {
  const m = new RegExp(`^(${ITEM_VERB})\\s+(.+)$`, 'i').exec(c);
  if (!m?.[1] || !m[2]) return undefined;
  const ref = refOf(m[2]);
  // the item must be told by what is beside it or by a quantity: "delete Cedar" names no item
  if (!ref || (ref.near === undefined && ref.rank === undefined)) return undefined;
  const verb = m[1].toLowerCase();
  const name = verb === 'reply to' ? 'reply' : verb;
  return {
    op: 'click',
    target: {
      ...(ref.near !== undefined ? { near: ref.near } : {}),
      ...(ref.rank ? { rank: ref.rank } : {}),
      name,
      synonyms: ITEM_SYNONYMS[verb] ?? [],
    },
  };
}

/**
 * A value put somewhere: `type "x" into the name field`, `enter x in search`, `fill the email field
 * with "a@b.c"`, `set quantity to 3`, `select "Large" from the size menu`, `choose Blue in colour`.
 */
function setStep(c: string): InstructionStep | undefined {
  const into = new RegExp(
    `^(?:${SET}|select|choose|pick)\\s+(?:(?:${QUOTE})|(.+?))\\s+(?:in|into|inside|on|onto|from|for|as)\\s+(.+)$`,
    'i',
  ).exec(c);
  if (into && (into[5] === undefined || plainValue(into[5]))) {
    const value = into[1] ?? into[2] ?? into[3] ?? into[4] ?? into[5];
    const target = refOf(into[6] ?? '');
    if (value !== undefined && target && !formWide(target)) return { op: 'set', target, value };
  }
  const withValue = new RegExp(
    `^(?:${SET})\\s+(.+?)\\s+(?:with|to|as|=)\\s+(?:(?:${QUOTE})|(.+))$`,
    'i',
  ).exec(c);
  if (withValue?.[1] && (withValue[6] === undefined || plainValue(withValue[6]))) {
    const value = withValue[2] ?? withValue[3] ?? withValue[4] ?? withValue[5] ?? withValue[6];
    const target = refOf(withValue[1]);
    if (value !== undefined && target && !formWide(target)) return { op: 'set', target, value };
  }
  return undefined;
}

/** "the form", "the contact form", "the page": not one element (a task stated by its goal reads those). */
function formWide(ref: ElementRef): boolean {
  return (
    ref.kind === undefined &&
    ref.name !== undefined &&
    /(?:^|\s)(?:form|page|details|fields)$/i.test(ref.name)
  );
}

/**
 * An unquoted value as an instruction gives one: a few words with no list in them. "Fill in the
 * form with name Ana, email …" gives a task's details, read by the task's own grammar.
 */
function plainValue(value: string): boolean {
  // "March 14, 2026": a date's comma is no list
  if (readDate(value) !== undefined) return true;
  return !/[,;]/.test(value) && value.trim().split(/\s+/).length <= 8;
}

/** An element reference: quoted name, ordinal, name words and a kind word, in any usual order. */
export function refOf(words: string): ElementRef | undefined {
  let text = words.trim().replace(/[.!?]+$/, '');
  const ranked = rankOf(text);
  if (ranked) {
    const inner = ranked.head === '' ? {} : refOf(ranked.head);
    return inner ? { ...inner, rank: ranked.rank } : undefined;
  }
  const item = itemOf(text);
  if (item) return item;
  const related = relationOf(text);
  if (related) {
    const inner = refOf(related.head);
    return inner ? { ...inner, near: related.near } : undefined;
  }
  const quoted = new RegExp(QUOTE).exec(text);
  const name = quoted ? (quoted[1] ?? quoted[2] ?? quoted[3] ?? quoted[4]) : undefined;
  if (quoted) text = `${text.slice(0, quoted.index)} ${text.slice(quoted.index + quoted[0].length)}`;
  // "the link named Pricing": the kind before the naming word, the name after it
  const naming =
    /\s+(?:labell?ed|named|called|titled|saying|that says|which says|with (?:the )?(?:text|label))\s+(.+)$/i.exec(
      text,
    );
  if (naming?.[1] && name === undefined) {
    const inner = refOf(text.slice(0, naming.index));
    return { ...inner, name: naming[1].trim() };
  }
  text = text
    .replace(/^(?:on|at)\s+/i, '')
    .replace(/\b(?:the|a|an|that|this|one)\b/gi, ' ')
    .replace(
      /\b(?:labell?ed|named|called|titled|saying|that says|which says|with (?:the )?(?:text|label))\b/gi,
      ' ',
    )
    .replace(/\s+/g, ' ')
    .trim();
  let ordinal: number | undefined;
  let ordinalWord: string | undefined;
  const ord = new RegExp(`^(${Object.keys(ORDINALS).join('|')})\\b\\s*`, 'i').exec(text);
  if (ord?.[1]) {
    ordinal = ORDINALS[ord[1].toLowerCase()];
    ordinalWord = ord[1];
    text = text.slice(ord[0].length);
  }
  const numbered = /\b(?:number|no\.?|#)\s*(\d{1,2})$/i.exec(text);
  if (numbered?.[1]) {
    ordinal = Number(numbered[1]);
    text = text.slice(0, numbered.index).trim();
  }
  let kind: ElementKind | undefined;
  for (const [re, k] of KIND_WORDS) {
    const m = re.exec(text);
    if (m && (name !== undefined || ordinal !== undefined || m.index > 0 || text === m[0])) {
      kind = k;
      text = text.slice(0, m.index).trim();
      break;
    }
  }
  // a bare "box" is a check box or a text box: the step's own verb and the page decide
  if (kind === undefined && /(?:^|\s)box(?:es)?$/i.test(text))
    text = text.replace(/\s*\bbox(?:es)?$/i, '').trim();
  const rest = text.replace(/^(?:on|for)\s+/i, '').trim();
  // unquoted words that read as a request, not a name ("open <url> and tell me the price")
  if (name === undefined && rest !== '' && !namelike(rest)) return undefined;
  const named = name ?? (rest !== '' ? rest : undefined);
  if (named === undefined && kind === undefined) return undefined;
  return {
    ...(named !== undefined ? { name: named } : {}),
    ...(name !== undefined ? { exact: true } : {}),
    ...(kind ? { kind } : {}),
    ...(ordinal !== undefined ? { ordinal } : {}),
    ...(ordinalWord !== undefined && named !== undefined && name === undefined ? { ordinalWord } : {}),
  };
}

const SUPERLATIVE =
  '(cheapest|least expensive|lowest[- ]priced|most expensive|priciest|highest[- ]priced|largest|biggest|highest|greatest|smallest|lowest|least|fewest|most)';
const PRICED = /^(?:cheapest|least expensive|lowest[- ]priced|most expensive|priciest|highest[- ]priced)$/i;
const LEAST = /^(?:cheapest|least expensive|lowest[- ]priced|smallest|lowest|least|fewest)$/i;

/**
 * "the cheapest item", `"Select" in the row with the highest score`, "the largest number": the
 * element chosen by a quantity, with what is before it (the control to act on, if any).
 */
function rankOf(text: string): { head: string; rank: NonNullable<ElementRef['rank']> } | undefined {
  const masked = maskQuotes(text);
  const m = new RegExp(
    `^(.*?)\\s*(?:\\b(?:for|of|on|in|with|beside|next to|in the (?:row|line|item|card|entry) (?:with|of|that has|having))\\s+)?\\bthe\\s+${SUPERLATIVE}\\b\\s*([\\p{L}\\s-]*)$`,
    'iu',
  ).exec(masked);
  if (!m?.[2]) return undefined;
  const head = text.slice(0, (m[1] ?? '').length).trim();
  const word = m[2].toLowerCase();
  const rest = (m[3] ?? '')
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  // "the cheapest hotel with free parking and tell me its price" asks for more than one element
  if (rest.length > 2 || !namelike(rest.join(' ') || 'one')) return undefined;
  // "the highest score", "the lowest price" name the quantity; "the cheapest item" names the item
  // "the most recent post": the quantity is what "most" qualifies ("recent"), not the item
  const by = PRICED.test(word)
    ? 'price'
    : /^(?:most|least)$/.test(word)
      ? rest[0]
      : rest.length === 1 && /^(?:number|one|value)$/i.test(rest[0] ?? '')
        ? undefined
        : rest[rest.length - 1];
  return { head, rank: { order: LEAST.test(word) ? 'min' : 'max', ...(by ? { by } : {}) } };
}

/** "the email from Ana", "the message about invoices": one item of a list, told by its text. */
function itemOf(text: string): ElementRef | undefined {
  const m =
    /^the\s+[\p{L}-]+(?:\s+[\p{L}-]+)?\s+(?:from|by|about|titled|with the subject|regarding)\s+(.+)$/iu.exec(
      text,
    );
  if (!m?.[1] || new RegExp(QUOTE).test(text.slice(0, m[0].length - m[1].length))) return undefined;
  // "the sort by price button" names a control
  if (KIND_WORDS.some(([re]) => re.test(text))) return undefined;
  return { near: unquote(m[1].trim()), item: true };
}

/** Words an element's name is made of, not a request: short, no question word, no clause joiner. */
function namelike(words: string): boolean {
  if (words.split(/\s+/).length > 6) return false;
  if (/^(?:and|or|then|but|so)\b/i.test(words)) return false;
  return !/\b(?:tell|show me|give me|me|what|which|who|whom|whose|how|why|where|when|is there|are there)\b/i.test(
    words,
  );
}

/**
 * A reference by what is beside the element: "the checkbox next to 'Maple'", "the Edit button in
 * the row of Maple", `"Delete" for "Maple"` (for / of only with a quoted neighbour: "the Terms of
 * Use link" is a name).
 */
function relationOf(text: string): { head: string; near: string } | undefined {
  // matched on the text with quoted spans blanked: words inside a quoted name are never a relation
  const masked = maskQuotes(text);
  const explicit =
    /\s+(?:(?:right |directly )?(?:next to|beside)|near|in the (?:same )?row (?:of|for|with|as)|on the line (?:of|for|with))\s+(?:the\s+)?/i.exec(
      masked,
    );
  const quotedFor = /\s+(?:for|of)\s+(?="_*"$)/i.exec(masked);
  const m = explicit ?? (quotedFor && /"_*"/.test(masked.slice(0, quotedFor.index)) ? quotedFor : undefined);
  if (!m || m.index === 0) return undefined;
  const head = text.slice(0, m.index).trim();
  const near = unquote(text.slice(m.index + m[0].length).trim());
  return head !== '' && near !== '' ? { head, near } : undefined;
}

function unquote(s: string): string {
  const m = new RegExp(`^(?:${QUOTE})$`).exec(s);
  return m ? (m[1] ?? m[2] ?? m[3] ?? m[4] ?? s) : s;
}
