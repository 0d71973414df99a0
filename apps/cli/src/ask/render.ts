import type { EventPayload, runCompleted, runStep } from '@forage/contracts';

type Step = EventPayload<typeof runStep>;
type Completed = EventPayload<typeof runCompleted>;

const mark = { succeeded: '✓', failed: '✗', started: '…' } as const;

export function renderStep(step: Step): string | undefined {
  if (step.status === 'started') return undefined;
  const took = step.durationMs === null ? '' : ` (${Math.round(step.durationMs)} ms)`;
  return `  ${mark[step.status]} ${step.step.padEnd(10)} ${step.detail}${took}`;
}

/** The final report: the verified answer with its citations, or why nothing was released. */
export function renderCompletion(done: Completed): string {
  const lines: string[] = [''];
  if (done.answer) {
    lines.push(`Answer: ${done.answer.text}`);
    lines.push(
      `  verified · confidence ${done.answer.confidence.toFixed(2)} · ${Math.round(done.durationMs)} ms`,
    );
    for (const d of done.answer.derived ?? []) {
      const from = d.citations.map((i) => `[${i + 1}]`).join(', ');
      lines.push(`  derived: “${d.text}” — ${d.rule} (from ${from})`);
    }
    done.answer.citations.forEach((c, i) => {
      lines.push(`  [${i + 1}] ${c.title} — ${c.url}`);
      lines.push(`      “${c.snippet}”`);
      lines.push(`      xpath ${c.xpath}`);
      lines.push(`      evidence: DOM sha256 ${c.evidence.domSnapshot.sha256}`);
      if (c.evidence.screenshot)
        lines.push(`                screenshot sha256 ${c.evidence.screenshot.sha256}`);
      lines.push(`      log record ${c.logRecordId}`);
    });
  } else {
    lines.push(`No verified answer was released (${done.outcome}).`);
  }
  if (done.thread) {
    if (done.thread.asked) lines.push(`Read as: ${done.report?.question ?? done.thread.asked}`);
    for (const r of done.thread.readings) lines.push(`  ${r.note}`);
    lines.push(
      `Thread ${done.thread.threadId} (turn ${String(done.thread.turn)}): ask a follow-up with --continue or --thread ${done.thread.threadId}`,
    );
  }
  // every candidate that was not released, with the check that stopped it: never a dead end
  if (done.failures.length > 0) {
    if (done.answer) lines.push('Withheld (not verified):');
    for (const f of done.failures) lines.push(`  - ${f.claim ? `${f.claim}: ` : ''}${f.reason}`);
  }
  return lines.join('\n');
}
