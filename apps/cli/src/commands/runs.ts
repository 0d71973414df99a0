import { runsListFilterSchema, runsPageSchema, type RunSummary } from '@forage/contracts';
import { getJson, GatewayRequestError } from './gateway-client.js';

const EX_USAGE = 64;

/** One line per run: id, state, when, the question. */
export function renderRunLine(run: RunSummary): string {
  const state = run.status === 'completed' ? (run.outcome ?? 'completed') : run.status;
  const when = run.requestedAt.replace('T', ' ').slice(0, 19);
  return `${run.runId}  ${state.padEnd(11)}  ${when}  ${run.question}`;
}

/** `forage runs`: past runs from the history, newest first, with filters and paging. */
export async function runsCommand(input: {
  gatewayUrl: string;
  apiKey?: string | undefined;
  /** The flags as given (strings), validated here against the filter contract. */
  filter: Readonly<Record<string, string>>;
  json: boolean;
  write: (line: string) => void;
  warn: (line: string) => void;
}): Promise<number> {
  const parsed = runsListFilterSchema.strict().safeParse(input.filter);
  if (!parsed.success) {
    input.warn(
      `forage runs: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
    return EX_USAGE;
  }
  const query = new URLSearchParams(
    Object.entries(parsed.data).map(([k, v]) => [k, String(v)] as [string, string]),
  );
  try {
    const page = await getJson({
      gatewayUrl: input.gatewayUrl,
      path: `/v1/runs?${query.toString()}`,
      schema: runsPageSchema,
      apiKey: input.apiKey,
    });
    if (input.json) {
      input.write(JSON.stringify(page));
      return 0;
    }
    if (page.runs.length === 0) input.write('no runs');
    for (const run of page.runs) input.write(renderRunLine(run));
    if (page.nextCursor) input.write(`\nolder runs: forage runs --cursor ${page.nextCursor}`);
    return 0;
  } catch (err) {
    if (err instanceof GatewayRequestError) {
      input.warn(`forage runs: ${err.message}`);
      return 1;
    }
    throw err;
  }
}
