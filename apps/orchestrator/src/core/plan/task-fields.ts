/** A value the user gave for a task's form, under the label they used ("email", "message"). */
export interface GivenField {
  readonly label: string;
  readonly value: string;
}

/** The names users give a form's details by; a longer name is tried before a shorter one. */
const LABEL =
  '(?:full |first |last |user ?|your )?name|e-?mail(?: address)?|phone(?: number)?|telephone|message|subject|comments?|password|username|company|city|date|guests?';

const QUOTED = /^(?:"([^"]*)"|'([^']*)'|“([^”]*)”|‘([^’]*)’)/;
const EMAIL = /[^\s,;"'<>()]+@[^\s,;"'<>()]+\.[^\s,;"'<>()]+/;

/** A label opening a field: after the start of the clause, a comma, "and" or a semicolon. */
const FIELD_START = new RegExp(
  `(?:^|,\\s*(?:and\\s+)?|;\\s*|\\s+and\\s+)(?:(?:my|the|a|your)\\s+)?(${LABEL})\\b\\s*(is\\b|of\\b|=|:|as\\b|set to\\b|saying\\b|reading\\b)?\\s*`,
  'gi',
);

/**
 * The values a task request gives, quoted or not: "with name Ana Lee, email ana@x.example and
 * message I would like a quote for ten chairs", "my email is ana@x.example", `message "Hi"`.
 * Only the clause after "with" / "using" (or a colon) is read as fields, so the page the task is
 * on ("send a message to …") is never taken for a value. An unquoted value runs to the next
 * labelled field; a quoted one is taken as quoted. An e-mail address given with no label is the
 * email. Labels are the user's words; the form's own fields are matched to them by meaning later.
 */
export function givenFields(question: string): GivenField[] {
  const text = question.replace(/\bhttps?:\/\/[^\s"'<>)]+/gi, (url) => ' '.repeat(url.length));
  const clause = fieldClause(text);
  const out: GivenField[] = [];
  if (clause !== undefined) {
    // a label already given is part of the value it is in ("… and the name of the chair")
    const seen = new Set<string>();
    const starts = [...clause.matchAll(FIELD_START)].filter((m) => {
      const label = normalLabel(m[1]);
      if (!label || seen.has(label)) return false;
      seen.add(label);
      return true;
    });
    starts.forEach((m, i) => {
      const label = normalLabel(m[1]);
      if (!label) return;
      // "message Is it in stock?": a capitalised word opens the value, it is not the "is" of "name is …"
      const opener = m[2] !== undefined && /^[A-Z]/.test(m[2]) ? m[0].lastIndexOf(m[2]) : -1;
      const from = m.index + (opener >= 0 ? opener : m[0].length);
      const to = starts[i + 1]?.index ?? clause.length;
      const value = valueOf(clause.slice(from, to), label);
      if (value !== undefined && !out.some((f) => f.label === label)) out.push({ label, value });
    });
  }
  const email = EMAIL.exec(text)?.[0].replace(/[.]+$/, '');
  if (email && !out.some((f) => /mail/.test(f.label)) && !out.some((f) => f.value.includes(email)))
    out.push({ label: 'email', value: email });
  return out;
}

function normalLabel(label: string | undefined): string | undefined {
  return label?.toLowerCase().replace(/^your /, '');
}

/** The part of the request that gives values: after "with", "using", "giving" or a colon. */
function fieldClause(text: string): string | undefined {
  const m = /(?:\b(?:with|using|giving|including)\b|:)\s*/i.exec(text);
  return m ? text.slice(m.index + m[0].length) : undefined;
}

function valueOf(raw: string, label: string): string | undefined {
  const text = raw.trim();
  const quoted = QUOTED.exec(text);
  if (quoted) return quoted[1] ?? quoted[2] ?? quoted[3] ?? quoted[4];
  if (/mail/.test(label)) return EMAIL.exec(text)?.[0].replace(/[.]+$/, '');
  // a free-text value ends where the sentence does; a trailing "please" or full stop is not part of it
  const value = text
    .replace(/\s*[,;]\s*$/, '')
    .replace(/[,\s]+please[.!]?$/i, '')
    .replace(/(?<=\S)[.!]+$/, '')
    .trim();
  // a label followed by nothing the user gave ("with my name and email") is no value
  return value === '' ? undefined : value.slice(0, 2000);
}
