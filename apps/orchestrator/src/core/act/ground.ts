import type { PageAction } from '@forage/contracts';
import { readDate, type ElementKind, type ElementRef, type InstructionStep } from '@forage/question';
import { pickDate } from './dates.js';
import { at, label, type StepGrounding } from './targets.js';
import type { PageControl } from '../explore/controls.js';

/** The steps that could be grounded on the page as it is, as actions, and the first that could not. */
export interface Grounding {
  readonly actions: PageAction[];
  readonly described: string[];
  /** How many of the steps the actions carry out (the rest wait for the page they lead to). */
  readonly consumed: number;
  /** The first step no element of the page answers, with the elements considered. */
  readonly unresolved?: {
    readonly step: InstructionStep;
    readonly why: string;
    readonly candidates: string[];
  };
}

const norm = (s: string): string =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Grounds an instruction's steps, in order, on a page's controls: each reference is matched by
 * its kind, its name (quoted: the name as written; unquoted: the words of it) and its position.
 * Grounding stops at the first step nothing on the page answers: the steps before it run, and the
 * rest is grounded again on the page they lead to. A step is never guessed onto an element whose
 * name shares nothing with the reference.
 */
export function groundSteps(
  steps: readonly InstructionStep[],
  controls: readonly PageControl[],
  options: {
    /** A model's proposals, by step index: taken only where they fit (see `pick`). */
    readonly proposed?: ReadonlyMap<number, PageControl>;
  } = {},
): Grounding {
  const actions: PageAction[] = [];
  const described: string[] = [];
  let last: PageControl | undefined;
  for (const [i, step] of steps.entries()) {
    const g = groundStep(step, controls, last, options.proposed?.get(i));
    if ('why' in g) {
      return { actions, described, consumed: i, unresolved: { step, why: g.why, candidates: g.candidates } };
    }
    actions.push(g.action);
    described.push(g.described);
    for (const more of g.then ?? []) {
      actions.push(more);
      described.push(g.described);
    }
    last = g.control ?? last;
    // a control that opens a list first: the step is done on the list it shows
    if (g.opens) return { actions, described, consumed: i };
    // a click, a key, a hover or a drop may change the page: what follows is grounded on what it shows
    if (LEADS_ON.has(step.op)) return { actions, described, consumed: i + 1 };
  }
  return { actions, described, consumed: steps.length };
}

const LEADS_ON = new Set<InstructionStep['op']>(['click', 'submit', 'press', 'search', 'hover', 'drag']);

/** Controls a click may go to: a drop area is not one. */
const CLICKABLE: readonly PageControl['kind'][] = [
  'button',
  'link',
  'checkbox',
  'radio',
  'field',
  'dropdown',
  'tab',
  'option',
  'slider',
  'other',
  'draggable',
];
/** Presses needed to walk a keyboard slider to its value, at most. */
const MAX_SLIDER_KEYS = 25;

function groundStep(
  step: InstructionStep,
  controls: readonly PageControl[],
  last?: PageControl,
  proposal?: PageControl,
): StepGrounding {
  const pick = (
    ref: ElementRef,
    all: readonly PageControl[],
    kinds: readonly PageControl['kind'][] | undefined,
    then: (c: PageControl) => StepGrounding,
  ): StepGrounding => pickControl(ref, all, kinds, then, proposal);
  switch (step.op) {
    case 'press': {
      const on = last ?? controls.find((c) => c.kind === 'field');
      return {
        action: { type: 'press', key: step.key, ...(on ? at(on) : { target: { css: 'body' } }) },
        described: `press ${step.key}${on ? ` in ${label(on)}` : ''}`,
      };
    }
    case 'submit': {
      const inForm = controls.filter((c) => c.submits && (!last?.form || c.form === last.form));
      const button = inForm[0] ?? controls.find((c) => c.submits);
      if (button)
        return {
          action: { type: 'click', ...at(button) },
          described: `submit with ${label(button)}`,
          control: button,
        };
      if (last)
        return {
          action: { type: 'press', key: 'Enter', ...at(last) },
          described: `submit with Enter in ${label(last)}`,
        };
      return { why: 'the page has no form to submit', candidates: [] };
    }
    case 'search': {
      const fields = controls.filter((c) => c.kind === 'field' && c.enabled);
      const field =
        fields.find((c) => c.search) ??
        fields.find((c) => /search|query|find|look ?up/i.test(c.name)) ??
        (fields.length === 1 ? fields[0] : undefined);
      if (!field) return { why: 'the page has no search field', candidates: fields.slice(0, 8).map(label) };
      return {
        action: { type: 'fill', value: step.value, ...at(field) },
        then: [{ type: 'press', key: 'Enter', ...at(field) }],
        described: `search for "${step.value}" in ${label(field)}`,
        control: field,
      };
    }
    case 'scroll':
      return {
        action: {
          type: 'scroll',
          target: { css: 'body' },
          deltaY: step.to === 'up' || step.to === 'top' ? -100_000 : step.to === 'down' ? 800 : 100_000,
        },
        described: `scroll ${step.to === 'down' || step.to === 'up' ? step.to : `to the ${step.to}`}`,
      };
    case 'hover':
      return pick(step.target, controls, CLICKABLE, (c) => ({
        action: { type: 'hover', ...at(c) },
        described: `hover over ${label(c)}`,
        control: c,
      }));
    case 'drag':
      return pick(step.target, controls, CLICKABLE, (c) => {
        const to = pickControl(step.to, controls, ['region', ...CLICKABLE], (d) => ({
          action: { type: 'drag', ...at(c), to: { xpath: d.xpath } },
          described: `drag ${label(c)} onto ${label(d)}`,
          control: d,
        }));
        if (!('why' in to) || step.to.name === undefined) return to;
        // a drop area nothing marks as one: the element whose own text is its name
        return {
          action: { type: 'drag', ...at(c), to: { text: step.to.name } },
          described: `drag ${label(c)} onto the element reading "${step.to.name}"`,
        };
      });
    case 'click':
      return pick(step.target, controls, CLICKABLE, (c) => ({
        action: { type: 'click', ...at(c) },
        described: `click ${label(c)}`,
        control: c,
      }));
    case 'check':
    case 'uncheck':
      return pick(step.target, controls, ['checkbox', 'radio'], (c) => ({
        action: { type: step.op, ...at(c) } as PageAction,
        described: `${step.op} ${label(c)}`,
        control: c,
      }));
    case 'set':
      return pick(step.target, controls, ['field', 'dropdown', 'slider', 'other'], (c) => {
        if (c.kind === 'slider') return slide(c, step.value);
        if (c.kind === 'dropdown' && c.options === undefined) return fromList(c, step.value, controls);
        const date = c.kind === 'field' ? readDate(step.value) : undefined;
        if (date && c.field) return pickDate(c, date, controls);
        if (c.kind !== 'dropdown')
          return {
            action: { type: 'fill', value: step.value, ...at(c) },
            described: `type "${step.value}" into ${label(c)}`,
            control: c,
          };
        const option = optionFor(c, step.value);
        if (!option)
          return {
            why: `${label(c)} has no option "${step.value}"`,
            candidates: (c.options ?? []).map((o) => o.label).slice(0, 10),
          };
        return {
          action: { type: 'select', value: option.value, ...at(c) },
          described: `choose "${option.label}" in ${label(c)}`,
          control: c,
        };
      });
  }
}

/**
 * A slider set to a value: a native range input takes it as typed; a keyboard slider (role=slider)
 * is walked to it from Home with the arrow keys, within its bounds and step.
 */
function slide(c: PageControl, value: string): StepGrounding {
  const want = Number(value.replace(/[%\s]/g, ''));
  const range = c.range ?? { min: 0, max: 100, step: 1, now: 0, byKeys: false };
  if (!Number.isFinite(want) || want < range.min || want > range.max)
    return {
      why: `${label(c)} takes a number from ${String(range.min)} to ${String(range.max)}, not "${value}"`,
      candidates: [label(c)],
    };
  if (!range.byKeys)
    return {
      action: { type: 'fill', value: String(want), ...at(c) },
      described: `set ${label(c)} to ${value}`,
      control: c,
    };
  const presses = Math.round((want - range.min) / range.step);
  if (presses > MAX_SLIDER_KEYS)
    return {
      why: `${label(c)} is moved by keys, and ${value} is ${String(presses)} steps away`,
      candidates: [label(c)],
    };
  return {
    action: { type: 'press', key: 'Home', ...at(c) },
    then: Array.from({ length: presses }, () => ({ type: 'press' as const, key: 'ArrowRight', ...at(c) })),
    described: `set ${label(c)} to ${value}`,
    control: c,
  };
}

/**
 * An option chosen from a dropdown a page scripts (a button that opens a list): the option when the
 * list shows, else a click that opens it (and the step waits for the list).
 */
function fromList(c: PageControl, value: string, controls: readonly PageControl[]): StepGrounding {
  const want = norm(value);
  const options = controls.filter((o) => o.kind === 'option');
  const option =
    options.find((o) => norm(o.name) === want) ??
    options.find((o) => ` ${norm(o.name)} `.includes(` ${want} `));
  if (option)
    return {
      action: { type: 'click', ...at(option) },
      described: `choose ${label(option)} in ${label(c)}`,
      control: option,
    };
  if (options.length > 0)
    return {
      why: `${label(c)} has no option "${value}"`,
      candidates: options.slice(0, 10).map((o) => o.name),
    };
  return { action: { type: 'click', ...at(c) }, described: `open ${label(c)}`, control: c, opens: true };
}

/**
 * The control a reference names, among those of the kinds the step can act on. A model's proposal
 * decides only what the words cannot: between controls the name matches equally, or where no
 * control's name matches at all; it never overrides a name the page matches, a quoted name, a
 * position or a quantity, and it must be of the step's kind, enabled and beside what the reference
 * says it is beside.
 */
function pickControl(
  ref: ElementRef,
  controls: readonly PageControl[],
  kinds: readonly PageControl['kind'][] | undefined,
  then: (c: PageControl) => StepGrounding,
  proposal?: PageControl,
): StepGrounding {
  // "the first name field": a control named so is meant, before the first of the fields named "name"
  if (ref.ordinalWord && ref.name) {
    const literal: ElementRef = {
      name: `${ref.ordinalWord} ${ref.name}`,
      ...(ref.kind ? { kind: ref.kind } : {}),
    };
    const named = controls.filter(
      (c) => (kinds ? kinds.includes(c.kind) : true) && (!ref.kind || kindFits(ref.kind, c.kind)),
    );
    if (named.some((c) => nameScore(literal, c) >= 2))
      return pickControl(literal, controls, kinds, then, proposal);
  }
  const beside = (c: PageControl): boolean =>
    ref.near === undefined ||
    ` ${norm(c.context ?? '')} `.includes(` ${norm(ref.near)} `) ||
    (ref.name === undefined && ` ${norm(c.name)} `.includes(` ${norm(ref.near)} `));
  const fits = (c: PageControl): boolean =>
    (ref.kind ? kindFits(ref.kind, c.kind) : true) && (kinds ? kinds.includes(c.kind) : true) && beside(c);
  // positions count among the kind named ("the third link"), not the kinds that play its part
  const exact = controls.filter((c) => fits(c) && c.kind === ref.kind);
  const ofKind =
    ref.kind && (ref.ordinal !== undefined || ref.name === undefined) && exact.length > 0
      ? exact
      : controls.filter(fits);
  const scored =
    ref.name === undefined
      ? ofKind.map((c) => ({ c, s: 1 }))
      : ofKind
          .map((c) => ({ c, s: nameScore(ref, c) }))
          .filter((x) => x.s > 0)
          .map((x) => ({ ...x, s: x.s + clickBias(x.c) }));
  const candidates = (scored.length > 0 ? scored.map((x) => x.c) : ofKind).slice(0, 8).map(label);
  const proposed =
    proposal !== undefined &&
    proposal.enabled &&
    ref.ordinal === undefined &&
    ref.rank === undefined &&
    fits(proposal) &&
    (scored.length === 0
      ? !ref.exact
      : scored.some((x) => x.c === proposal && x.s === Math.max(...scored.map((y) => y.s))));
  if (proposed) return then(proposal);
  if (scored.length === 0 && ref.synonyms && ref.synonyms.length > 0) {
    // "delete" on a page whose buttons read "Remove"
    for (const other of ref.synonyms) {
      const g = pickControl({ ...ref, name: other, synonyms: [] }, controls, kinds, then);
      if (!('why' in g)) return g;
    }
  }
  if (scored.length === 0)
    return {
      why: `no ${ref.kind ?? 'element'}${ref.name !== undefined ? ` named "${ref.name}"` : ''} on the page`,
      candidates,
    };
  let chosen: PageControl | undefined;
  if (ref.rank) {
    const ranked = rankedBy(
      scored.map((x) => x.c),
      ref,
    );
    if ('why' in ranked) return { ...ranked, candidates };
    chosen = ranked.chosen;
  } else if (ref.item && ref.name === undefined) {
    // one item of a list is opened by its link, else by the first thing in it that is not a box
    const inItem = scored.map((x) => x.c);
    chosen =
      inItem.find((c) => c.kind === 'link') ??
      inItem.find((c) => c.kind !== 'checkbox' && c.kind !== 'radio' && c.kind !== 'region');
  } else if (ref.ordinal !== undefined) {
    const inOrder = scored.map((x) => x.c);
    chosen = ref.ordinal === -1 ? inOrder[inOrder.length - 1] : inOrder[ref.ordinal - 1];
    if (!chosen)
      return {
        why: `the page has ${String(inOrder.length)} ${ref.kind ?? 'element'}(s), not ${String(ref.ordinal)}`,
        candidates,
      };
  } else {
    const best = Math.max(...scored.map((x) => x.s));
    const top = scored.filter((x) => x.s === best).map((x) => x.c);
    chosen = top.find((c) => c.enabled) ?? top[0];
  }
  if (!chosen) return { why: 'nothing matched', candidates };
  if (!chosen.enabled) return { why: `${label(chosen)} is disabled`, candidates };
  return then(chosen);
}

/**
 * The candidate with the least or greatest quantity: the number under the column the reference
 * names, else beside its word in the item's text, else the item's one number (a price when the
 * quantity is a price); a control whose own name is a number when no item text is asked about.
 * Candidates stating no such number are left out; none stating one is a failure, not a guess.
 */
function rankedBy(
  candidates: readonly PageControl[],
  ref: ElementRef,
): { chosen: PageControl } | { why: string } {
  const rank = ref.rank;
  if (!rank) return { why: 'no quantity to rank by' };
  // "the largest number": the controls that are numbers, when there are such
  const numbered = candidates.filter((c) => ref.name === undefined && NUMERIC.test(c.name.trim()));
  const valued = (numbered.length > 0 ? numbered : candidates)
    .map((c) => ({ c, v: quantityOf(c, rank.by, ref.name === undefined) }))
    .filter((x): x is { c: PageControl; v: number } => x.v !== undefined);
  if (valued.length === 0)
    return {
      why: `none of the ${String(candidates.length)} candidate(s) states a ${rank.by ?? 'number'} to rank by`,
    };
  const best = valued.reduce((a, b) => ((rank.order === 'min' ? b.v < a.v : b.v > a.v) ? b : a));
  return { chosen: best.c };
}

const NUMBER = /-?\d[\d,]*(?:\.\d+)?/g;
const NUMERIC = /^-?\d[\d,]*(?:\.\d+)?$/;
const toNumber = (s: string): number => Number(s.replace(/,/g, ''));

function quantityOf(c: PageControl, by: string | undefined, ownName: boolean): number | undefined {
  const own = norm(c.name);
  if (ownName && NUMERIC.test(c.name.trim())) return toNumber(c.name.trim());
  if (by && c.cells) {
    const header = Object.keys(c.cells).find((h) => ` ${norm(h)} `.includes(` ${norm(by)} `));
    const cell = header ? c.cells[header] : undefined;
    const n = cell ? cell.match(NUMBER)?.[0] : undefined;
    if (n !== undefined) return toNumber(n);
  }
  const text = c.context ?? '';
  if (text === '') return undefined;
  if (by === 'price') {
    const money = new RegExp(`\\p{Sc}\\s?(${NUMBER.source})|(${NUMBER.source})\\s?\\p{Sc}`, 'u').exec(text);
    const n = money?.[1] ?? money?.[2];
    if (n !== undefined) return toNumber(n);
  } else if (by) {
    const near = new RegExp(`${by}\\W{0,3}(${NUMBER.source})|(${NUMBER.source})\\W{0,3}${by}`, 'iu').exec(
      text,
    );
    const n = near?.[1] ?? near?.[2];
    if (n !== undefined) return toNumber(n);
  }
  // the item's one number that is not the control's own label
  const numbers = (text.match(NUMBER) ?? []).filter((n) => !` ${own} `.includes(` ${norm(n)} `));
  return numbers.length === 1 && numbers[0] !== undefined ? toNumber(numbers[0]) : undefined;
}

/**
 * A click with no kind named goes, between controls named alike, to one made to be clicked (the
 * "Comment" button rather than the "Comment" box it posts); other steps restrict kinds themselves.
 */
function clickBias(c: PageControl): number {
  return c.kind === 'field' || c.kind === 'dropdown' || c.kind === 'other' ? 0 : 0.05;
}

/** An element kind named in words fits the control kinds that play that part. */
function kindFits(asked: ElementKind, kind: PageControl['kind']): boolean {
  if (asked === kind) return true;
  if (asked === 'button') return kind === 'tab' || kind === 'link';
  if (asked === 'link') return kind === 'button' || kind === 'tab';
  if (asked === 'tab') return kind === 'button' || kind === 'link';
  if (asked === 'dropdown') return kind === 'field';
  if (asked === 'field') return kind === 'other' || kind === 'dropdown';
  if (asked === 'option') return kind === 'radio' || kind === 'button' || kind === 'link';
  return false;
}

/** 3: the name itself; 2: the name as whole words within; 1–2: most of its words; 0: unrelated. */
function nameScore(ref: ElementRef, c: PageControl): number {
  const want = norm(ref.name ?? '');
  const have = norm(c.name);
  if (want === '' || have === '') return 0;
  if (have === want) return 3 + kindBonus(ref, c);
  if (` ${have} `.includes(` ${want} `))
    return 2 + kindBonus(ref, c) - Math.min(0.5, (have.length - want.length) / 200);
  if (ref.exact) return 0;
  const words = want.split(' ');
  const has = new Set(have.split(' '));
  const shared = words.filter((w) => has.has(w)).length / words.length;
  return shared >= 0.5 ? 1 + shared + kindBonus(ref, c) : 0;
}

/** The kind the reference names exactly is preferred over kinds that merely play its part. */
function kindBonus(ref: ElementRef, c: PageControl): number {
  return ref.kind === c.kind ? 0.1 : 0;
}

function optionFor(c: PageControl, value: string): { value: string; label: string } | undefined {
  const want = norm(value);
  const options = c.options ?? [];
  return (
    options.find((o) => norm(o.label) === want) ??
    options.find((o) => norm(o.value) === want) ??
    options.find((o) => ` ${norm(o.label)} `.includes(` ${want} `))
  );
}
