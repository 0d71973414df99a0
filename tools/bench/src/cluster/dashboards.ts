/**
 * Every panel query of the provisioned Grafana dashboards (deploy/grafana/dashboards/*.json), with
 * the dashboard variables at their "All" values, asked of a real Prometheus through its HTTP API.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PromSeries } from './prometheus.js';

export interface PanelQuery {
  readonly dashboard: string;
  readonly panel: string;
  readonly expr: string;
}

export interface PanelAnswer extends PanelQuery {
  readonly query: string;
  readonly series: number;
  /** Series whose value is a number (histogram quantiles over an idle window are NaN). */
  readonly numeric: number;
  readonly sample: string;
  readonly error?: string;
}

interface DashboardJson {
  readonly title?: string;
  readonly panels?: readonly PanelJson[];
  readonly templating?: { readonly list?: readonly { name: string; allValue?: string }[] };
}
interface PanelJson {
  readonly title?: string;
  readonly targets?: readonly { expr?: string }[];
  readonly panels?: readonly PanelJson[];
}

/** Every target expression of every panel (rows' nested panels too) in the dashboards folder. */
export function panelQueries(dir: string): { queries: PanelQuery[]; variables: Map<string, string> } {
  const queries: PanelQuery[] = [];
  const variables = new Map<string, string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const dashboard = JSON.parse(readFileSync(join(dir, file), 'utf8')) as DashboardJson;
    for (const v of dashboard.templating?.list ?? []) if (v.allValue) variables.set(v.name, v.allValue);
    const visit = (panels: readonly PanelJson[]): void => {
      for (const p of panels) {
        for (const t of p.targets ?? []) {
          if (t.expr)
            queries.push({ dashboard: dashboard.title ?? file, panel: p.title ?? '', expr: t.expr });
        }
        visit(p.panels ?? []);
      }
    };
    visit(dashboard.panels ?? []);
  }
  return { queries, variables };
}

/** The expression as Grafana would send it with every variable at "All". */
export function expand(expr: string, variables: ReadonlyMap<string, string>): string {
  return expr
    .replace(/\$__rate_interval|\$\{__rate_interval\}/g, '1m')
    .replace(
      /\$\{(\w+)(?::\w+)?\}|\$(\w+)/g,
      (whole, a?: string, b?: string) => variables.get(a ?? b ?? '') ?? whole,
    );
}

export async function askPanels(input: {
  queries: readonly PanelQuery[];
  variables: ReadonlyMap<string, string>;
  query: (expr: string) => Promise<PromSeries[]>;
}): Promise<PanelAnswer[]> {
  const out: PanelAnswer[] = [];
  for (const q of input.queries) {
    const query = expand(q.expr, input.variables);
    try {
      const series = await input.query(query);
      const numeric = series.filter((s) => Number.isFinite(s.value));
      const first = numeric[0] ?? series[0];
      out.push({
        ...q,
        query,
        series: series.length,
        numeric: numeric.length,
        sample: first ? `${labelsOf(first.metric)} = ${formatValue(first.value)}` : '(no data)',
      });
    } catch (err) {
      out.push({
        ...q,
        query,
        series: 0,
        numeric: 0,
        sample: '',
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
  return out;
}

function labelsOf(metric: Record<string, string>): string {
  const entries = Object.entries(metric).filter(([k]) => k !== '__name__' && k !== 'instance');
  return `{${entries.map(([k, v]) => `${k}="${v}"`).join(', ')}}`;
}

function formatValue(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toPrecision(4);
}
