import type { PageAction } from '@forage/contracts';
import { attributeOf } from '@forage/question';
import type { ListingSpec, TaskSpec } from '../plan/plan.js';
import type { FormField, PageForm } from './page-structure.js';
import { termsOf } from './site-frontier.js';

export interface FormPlan {
  readonly form: PageForm;
  readonly actions: PageAction[];
  /** What each action does, in words, for the step events. */
  readonly described: string[];
  readonly submits: boolean;
}

const target = (field: { xpath: string }): { target: { xpath: string } } => ({
  target: { xpath: field.xpath },
});

/**
 * Fills a search form with the request's constraints, by the form's own semantics: a select whose
 * options name the place, a price field (by its label's meaning) for the price limit, checkboxes
 * whose labels carry a wanted feature. Only forms that read (GET or role=search) are submitted.
 */
export function searchFormPlan(forms: readonly PageForm[], spec: ListingSpec): FormPlan | undefined {
  let best: FormPlan | undefined;
  for (const form of forms) {
    if (!form.readsOnly || !form.submit) continue;
    const actions: PageAction[] = [];
    const described: string[] = [];
    for (const field of form.fields) {
      const step = fieldForConstraint(field, spec);
      if (!step) continue;
      actions.push(step.action);
      described.push(step.described);
    }
    if (actions.length === 0) continue;
    actions.push({ type: 'click', ...target(form.submit) });
    described.push(`submit "${form.submit.name}"`);
    if (!best || actions.length > best.actions.length) best = { form, actions, described, submits: true };
  }
  return best;
}

function fieldForConstraint(
  field: FormField,
  spec: ListingSpec,
): { action: PageAction; described: string } | undefined {
  const label = field.label || field.name;
  if (field.kind === 'select' && spec.place) {
    const place = spec.place.toLowerCase();
    const option =
      field.options.find((o) => o.label.toLowerCase() === place) ??
      field.options.find((o) => o.label.toLowerCase().includes(place));
    if (option)
      return {
        action: { type: 'select', value: option.value, ...target(field) },
        described: `${label} = ${option.label}`,
      };
  }
  if (
    (field.kind === 'number' || field.kind === 'text') &&
    spec.maxPrice !== undefined &&
    namesUpperPrice(label)
  ) {
    return {
      action: { type: 'fill', value: String(spec.maxPrice), ...target(field) },
      described: `${label} = ${String(spec.maxPrice)}`,
    };
  }
  if (field.kind === 'checkbox' && spec.features.some((f) => covers(label, f))) {
    return { action: { type: 'check', checked: true, ...target(field) }, described: `check "${label}"` };
  }
  if (
    field.kind === 'text' &&
    spec.place &&
    /\b(where|destination|city|place|location|town)\b/i.test(label)
  ) {
    return {
      action: { type: 'fill', value: spec.place, ...target(field) },
      described: `${label} = ${spec.place}`,
    };
  }
  return undefined;
}

function namesUpperPrice(label: string): boolean {
  return attributeOf(label)?.id === 'price' && !/\b(min|minimum|from|at least)\b/i.test(label);
}

/** Does a label carry every content word of a feature ("Free parking only" covers "free parking")? */
function covers(label: string, feature: string): boolean {
  const have = termsOf(label);
  const want = [...termsOf(feature)];
  return want.length > 0 && want.every((w) => have.has(w));
}

const FIELD_MEANINGS: readonly {
  readonly words: RegExp;
  readonly kinds: readonly FormField['kind'][];
  readonly label: RegExp;
}[] = [
  { words: /e-?mail/, kinds: ['email', 'text'], label: /e-?mail/i },
  {
    words: /message|comment|enquiry|inquiry|question|details/,
    kinds: ['textarea', 'text'],
    label: /message|comment|enquiry|inquiry|question|details|how can we help/i,
  },
  { words: /phone|tel/, kinds: ['tel', 'text'], label: /phone|tel/i },
  { words: /password/, kinds: ['password'], label: /password/i },
  { words: /user ?name/, kinds: ['text', 'email'], label: /user ?name|login|account/i },
  { words: /name/, kinds: ['text'], label: /name/i },
  { words: /subject/, kinds: ['text'], label: /subject|topic/i },
];

/**
 * Maps the values the user gave to a form's fields by meaning (an email value goes to the email
 * field, a message to the text area), and submits only when the request asked for it.
 */
export function taskFormPlan(
  forms: readonly PageForm[],
  task: TaskSpec,
): (FormPlan & { missing: string[]; missingFields: FormField[] }) | undefined {
  let best: (FormPlan & { missing: string[]; missingFields: FormField[] }) | undefined;
  for (const form of forms) {
    const used = new Set<string>();
    const actions: PageAction[] = [];
    const described: string[] = [];
    for (const given of task.fields) {
      const field = matchField(form.fields, given.label, used);
      if (!field) continue;
      used.add(field.xpath);
      actions.push({ type: 'fill', value: given.value, ...target(field) });
      const shown = typeof given.value === 'string' ? `"${given.value}"` : '(a secret)';
      described.push(`${field.label || field.name} = ${shown}`);
    }
    const missingFields = form.fields.filter((f) => f.required && !used.has(f.xpath));
    // a form the request gave no value for still serves a task that names none ("with my details")
    if (actions.length === 0 && (form.readsOnly || missingFields.length === 0 || !task.submit)) continue;
    const missing = missingFields.map((f) => f.label || f.name);
    const submitControl = task.submit && missing.length === 0 ? form.submit : undefined;
    if (submitControl) {
      actions.push({ type: 'click', ...target(submitControl) });
      described.push(`submit "${submitControl.name}"`);
    }
    const submits = submitControl !== undefined;
    if (!best || actions.length > best.actions.length)
      best = { form, actions, described, submits, missing, missingFields };
  }
  return best;
}

function matchField(
  fields: readonly FormField[],
  given: string,
  used: ReadonlySet<string>,
): FormField | undefined {
  const free = fields.filter(
    (f) => !used.has(f.xpath) && f.kind !== 'checkbox' && f.kind !== 'radio' && f.kind !== 'select',
  );
  // a detail asked for a field by its own label goes back to that field
  const own = free.find((f) => (f.label || f.name).toLowerCase() === given.toLowerCase());
  if (own) return own;
  const meaning = FIELD_MEANINGS.find((m) => m.words.test(given.toLowerCase()));
  if (meaning) {
    const byLabel = free.find(
      (f) => meaning.kinds.includes(f.kind) && (meaning.label.test(f.label) || meaning.label.test(f.name)),
    );
    if (byLabel) return byLabel;
    return free.find((f) => meaning.kinds[0] === f.kind && f.kind !== 'text');
  }
  const terms = termsOf(given);
  return free.find((f) => [...termsOf(`${f.label} ${f.name}`)].some((t) => terms.has(t)));
}
