import type {
  ActResponse,
  ActStep,
  CloseSessionResponse,
  Observation,
  ObservedElement,
  SessionView,
} from '@forage/contracts';

/** A session as one line for a model: ids to reuse, where it is, when it expires. */
export function sessionText(s: SessionView): string {
  const lines = [`session ${s.sessionId} (run ${s.runId}) on ${s.url}, expires ${s.expiresAt} unless used`];
  if (s.profile)
    lines.push(
      s.profile.restored
        ? `browser profile "${s.profile.name}" restored (${s.profile.origins.join(', ') || 'no origins yet'}); saved back when the session closes`
        : `new browser profile "${s.profile.name}": saved when the session closes`,
    );
  if (s.opened) lines.push(stepText({ index: 0, ...s.opened }));
  return lines.join('\n');
}

/** A closed session, and what became of its browser profile. */
export function closedText(c: CloseSessionResponse): string {
  const lines = [`closed session ${c.sessionId}`];
  if (c.profile)
    lines.push(
      c.profile.saved
        ? `browser profile "${c.profile.name}" saved for ${c.profile.origins.join(', ') || 'no origins'}`
        : `browser profile "${c.profile.name}" not saved: ${c.profile.detail ?? 'unknown reason'}`,
    );
  return lines.join('\n');
}

/** The elements, one per line, then the page text; with where the next page of each starts. */
export function observationText(o: Observation): string {
  const { elements, text } = o;
  const lines = [
    `${o.title || '(untitled)'} — ${o.url}`,
    `elements ${elements.offset + 1}-${elements.offset + elements.items.length} of ${elements.total}:`,
    ...elements.items.map(elementLine),
  ];
  if (elements.nextOffset !== null) lines.push(`(more elements: offset=${elements.nextOffset})`);
  lines.push('', `text ${text.offset}-${text.offset + text.content.length} of ${text.total} characters:`);
  lines.push(text.content);
  if (text.nextOffset !== null) lines.push(`(more text: textOffset=${text.nextOffset})`);
  lines.push('', `evidence: dom ${o.evidence.domSnapshot.sha256} (log record ${o.logRecordId})`);
  return lines.join('\n');
}

function elementLine(e: ObservedElement): string {
  const state = [
    e.type ? `type=${e.type}` : '',
    e.value ? `value=${JSON.stringify(e.value)}` : '',
    e.checked !== undefined ? (e.checked ? 'checked' : 'unchecked') : '',
    e.expanded !== undefined ? (e.expanded ? 'expanded' : 'collapsed') : '',
    e.required ? 'required' : '',
    e.enabled ? '' : 'disabled',
    e.visible ? '' : 'hidden',
  ].filter(Boolean);
  const options = e.options?.length
    ? ` options: ${e.options.map((o) => o.label || o.value).join(' | ')}`
    : '';
  return `- [${e.id}] ${e.role} ${JSON.stringify(e.name)}${state.length ? ` (${state.join(', ')})` : ''} locator: ${e.locator}${options}`;
}

/** One line per step: what it did, its outcome, and its evidence ids. */
export function actText(r: ActResponse): string {
  const lines = r.results.map(stepText);
  if (r.skipped > 0) lines.push(`${r.skipped} action(s) not run after the failure`);
  return lines.join('\n');
}

function stepText(step: ActStep): string {
  if ('error' in step) return `#${step.index} refused: ${step.error.code}: ${step.error.message}`;
  const failure = step.failure ? ` — ${step.failure.category}: ${step.failure.message}` : '';
  const messages = step.messages?.length
    ? ` — page says: ${step.messages.map((m) => m.text).join(' / ')}`
    : '';
  const ev = step.evidence;
  return `#${step.index} ${step.status} (${step.outcome ?? step.status}) ${step.detail}${failure}${messages} — now at ${step.url}; evidence before ${ev.before?.sha256 ?? 'none'}, after ${ev.after?.sha256 ?? 'none'}, log record ${step.logRecordId}`;
}
