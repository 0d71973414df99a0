import type { PageAction } from '@forage/contracts';
import type { ActionFailure } from './failure-category.js';

/** What the page says about the element an action aims at, read just before acting. */
export interface ElementFacts {
  readonly tag: string;
  /** `type` of an input, lower-cased; '' for other elements */
  readonly inputType: string;
  readonly role: string;
  readonly visible: boolean;
  readonly enabled: boolean;
  readonly editable: boolean;
  readonly contentEditable: boolean;
}

const TEXT_INPUT_TYPES = new Set([
  '',
  'text',
  'search',
  'email',
  'tel',
  'url',
  'password',
  'number',
  'date',
  'datetime-local',
  'month',
  'week',
  'time',
  'color',
  // a slider takes its value as a string, as the date types do
  'range',
]);
const CHECKABLE_ROLES = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);
const SELECT_ROLES = new Set(['listbox', 'combobox']);

/**
 * The interpreter's verdict on a command against the element it found: null when the action can
 * run, else why not. `wait_for` waits for a state, so the element's visibility is not a reason.
 */
export function checkActionFits(action: PageAction, facts: ElementFacts): ActionFailure | null {
  if (action.type === 'wait_for' || action.type === 'scroll') return null;
  if (!facts.visible && action.type !== 'upload')
    return { category: 'not_visible', message: `the ${describe(facts)} is not visible` };
  const needsEnabled = action.type !== 'hover';
  if (needsEnabled && !facts.enabled)
    return { category: 'disabled', message: `the ${describe(facts)} is disabled` };
  switch (action.type) {
    case 'fill':
      if (
        facts.contentEditable ||
        (facts.tag === 'input' && TEXT_INPUT_TYPES.has(facts.inputType)) ||
        facts.tag === 'textarea'
      )
        return facts.editable
          ? null
          : { category: 'disabled', message: `the ${describe(facts)} is read-only` };
      return notApplicable(action.type, facts);
    case 'select':
      return facts.tag === 'select' || SELECT_ROLES.has(facts.role)
        ? null
        : notApplicable(action.type, facts);
    case 'check':
    case 'uncheck':
      return (facts.tag === 'input' && (facts.inputType === 'checkbox' || facts.inputType === 'radio')) ||
        CHECKABLE_ROLES.has(facts.role)
        ? null
        : notApplicable(action.type, facts);
    case 'upload':
      return facts.tag === 'input' && facts.inputType === 'file' ? null : notApplicable(action.type, facts);
    default:
      return null;
  }
}

function notApplicable(type: PageAction['type'], facts: ElementFacts): ActionFailure {
  return { category: 'not_applicable', message: `cannot ${type.replace('_', ' ')} a ${describe(facts)}` };
}

function describe(facts: ElementFacts): string {
  const kind = facts.tag === 'input' ? `${facts.inputType || 'text'} input` : `<${facts.tag}>`;
  return facts.role && facts.role !== facts.tag ? `${kind} (role ${facts.role})` : kind;
}
