/** What the inventory knows about an element when it describes it. */
export interface DescribedElement {
  readonly tag: string;
  readonly role: string;
  readonly name: string;
  readonly type?: string;
  readonly href?: string;
  readonly formName?: string;
  readonly pageOrigin?: string;
  readonly optionCount?: number;
  readonly expanded?: boolean;
  readonly controls?: readonly string[];
  readonly required?: boolean;
  readonly events?: readonly string[];
  readonly action?: string;
  readonly method?: string;
  readonly fieldCount?: number;
}

function quoted(name: string): string {
  return name ? `"${name.length > 80 ? `${name.slice(0, 79)}…` : name}"` : 'an unnamed';
}

/** One sentence saying what acting on the element does, from its role, name, type and form (a heuristic, not a promise). */
export function describeElement(e: DescribedElement): string {
  const inForm = e.formName !== undefined ? ` in the ${e.formName ? `"${e.formName}" ` : ''}form` : '';
  const required = e.required ? ' (required)' : '';
  switch (e.role) {
    case 'form':
      return `Form ${quoted(e.name)} with ${e.fieldCount ?? 0} fields; submitting sends them to ${e.action || 'this page'} by ${(e.method ?? 'get').toUpperCase()}.`;
    case 'link':
      return linkSentence(e);
    case 'button':
      if (e.tag === 'summary') return `Expands or collapses the ${quoted(e.name)} section.`;
      if (e.type === 'submit' || e.type === 'image')
        return `Submits${inForm || ' its form'} with the ${quoted(e.name)} button.`;
      if (e.type === 'reset') return `Clears the fields${inForm}.`;
      if (e.expanded !== undefined)
        return `Shows or hides ${e.controls?.length ? `#${e.controls.join(', #')}` : 'related content'} (${quoted(e.name)}, now ${e.expanded ? 'open' : 'closed'}).`;
      return `Runs the ${quoted(e.name)} action on the page${inForm}.`;
    case 'checkbox':
    case 'switch':
      return `Turns ${quoted(e.name)} on or off${inForm}${required}.`;
    case 'radio':
      return `Chooses ${quoted(e.name)} among its options${inForm}.`;
    case 'combobox':
    case 'listbox':
      return `Chooses ${quoted(e.name)}${e.optionCount ? ` from ${e.optionCount} options` : ''}${inForm}${required}.`;
    case 'slider':
    case 'spinbutton':
      return `Sets the number ${quoted(e.name)}${inForm}${required}.`;
    case 'searchbox':
      return `Search box ${quoted(e.name)}${inForm}: type terms to search.`;
    case 'textbox':
      return `${fieldKind(e)} ${quoted(e.name)}${inForm}${required}: type ${typeHint(e.type)}.`;
    case 'tab':
      return `Switches to the ${quoted(e.name)} tab.`;
    case 'menuitem':
    case 'menuitemcheckbox':
    case 'menuitemradio':
      return `Chooses ${quoted(e.name)} from a menu.`;
    default:
      if (e.events?.length)
        return `The ${e.tag} ${quoted(e.name)} reacts to ${e.events.join(', ')} through page scripts.`;
      return `The ${e.tag} ${quoted(e.name)} can be focused and acted on (${e.role}).`;
  }
}

function linkSentence(e: DescribedElement): string {
  const href = e.href ?? '';
  if (href.startsWith('#'))
    return `Jumps to ${href.length > 1 ? href : 'the top'} on this page (${quoted(e.name)}).`;
  if (/^mailto:/i.test(href)) return `Writes an e-mail to ${href.slice(7).split('?')[0] ?? ''}.`;
  if (/^tel:/i.test(href)) return `Calls ${href.slice(4)}.`;
  try {
    const target = new URL(href, e.pageOrigin ?? 'http://localhost/');
    if (e.pageOrigin && target.origin !== new URL(e.pageOrigin).origin)
      return `Opens ${quoted(e.name)} on another site (${target.host}).`;
    return `Opens ${quoted(e.name)} at ${target.pathname}${target.search}.`;
  } catch {
    return `Opens ${quoted(e.name)}.`;
  }
}

function fieldKind(e: DescribedElement): string {
  if (e.tag === 'textarea') return 'Text area';
  if (e.tag !== 'input') return 'Editable region';
  return e.type === 'password' ? 'Password field' : 'Field';
}

function typeHint(type: string | undefined): string {
  switch (type) {
    case 'email':
      return 'an e-mail address';
    case 'tel':
      return 'a phone number';
    case 'url':
      return 'a web address';
    case 'password':
      return 'a password';
    case 'date':
    case 'datetime-local':
    case 'month':
    case 'week':
      return 'a date';
    case 'time':
      return 'a time';
    case 'file':
      return 'nothing; it uploads a file';
    case 'color':
      return 'a colour';
    default:
      return 'text';
  }
}
