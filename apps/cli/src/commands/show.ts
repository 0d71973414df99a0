import { runIdSchema, runViewSchema, type RunViewBody } from '@forage/contracts';
import { renderCompletion, renderStep } from '../ask/render.js';
import { getJson, GatewayRequestError } from './gateway-client.js';
import { exitCodeOf, RUN_EXIT } from './run-exit.js';

const EX_USAGE = 64;

/** One run as text: the question, where it stands, its steps and its report. */
export function renderRun(view: RunViewBody): string {
  const lines = [`run ${view.runId}`, `question: ${view.question}`, `status: ${view.status}`];
  for (const step of view.steps) {
    const line = renderStep(step);
    if (line) lines.push(line);
  }
  if (view.status === 'needs_input' && view.needsInput) {
    lines.push(`waiting for input: ${view.needsInput.reason}`);
    for (const q of view.needsInput.questions) lines.push(`  - ${q.key}: ${q.prompt}`);
  }
  if (view.result) {
    lines.push(renderCompletion(view.result));
    const report = view.result.report;
    if (report) {
      for (const fact of report.facts)
        lines.push(`  fact ${fact.status.padEnd(11)} ${fact.about}: ${fact.value} — ${fact.url}`);
      const m = report.metrics;
      lines.push(
        `  ${String(m.pages)} pages · ${String(m.searches)} searches · ${String(m.actions)} actions · stopped: ${m.stoppedBy}`,
      );
    }
  }
  if (view.gate && view.gate.reasons.length > 0)
    lines.push(`gate: ${view.gate.status} — ${view.gate.reasons.join('; ')}`);
  return lines.join('\n');
}

/** `forage show <runId>`: one run's report; the exit code says how it ended (as for `forage ask`). */
export async function showCommand(input: {
  gatewayUrl: string;
  apiKey?: string | undefined;
  positionals: readonly string[];
  json: boolean;
  write: (line: string) => void;
  warn: (line: string) => void;
}): Promise<number> {
  const runId = runIdSchema.safeParse(input.positionals[0]);
  if (!runId.success || input.positionals.length !== 1) {
    input.warn('forage show needs one run id: forage show <runId> (see `forage runs`)');
    return EX_USAGE;
  }
  let view: RunViewBody;
  try {
    view = await getJson({
      gatewayUrl: input.gatewayUrl,
      path: `/v1/runs/${runId.data}`,
      schema: runViewSchema,
      apiKey: input.apiKey,
    });
  } catch (err) {
    if (err instanceof GatewayRequestError) {
      input.warn(`forage show: ${err.message}`);
      return RUN_EXIT.error;
    }
    throw err;
  }
  input.write(input.json ? JSON.stringify(view) : renderRun(view));
  return view.result ? exitCodeOf(view.result) : RUN_EXIT.notFinished;
}
