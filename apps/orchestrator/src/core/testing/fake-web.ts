import { createHash, randomUUID } from 'node:crypto';
import type { Claim, PageAction, ScoredAnswer } from '@forage/contracts';
import { anEvidenceRef } from '@forage/testing';
import type { Activities, AnswerReply, PageSnapshot, StepReport, VerifyReply } from '../activities.js';
import type { Checkpoint } from '../loop/checkpoint.js';

/** A page of the fake web: a title, "label: value" lines and links, rendered as simple HTML. */
export interface FakePage {
  readonly title: string;
  readonly lines: readonly string[];
  readonly links?: readonly { href: string; text: string; rel?: string }[];
  /** Lines shown only after the collapsed disclosure on the page is opened. */
  readonly hidden?: readonly string[];
  readonly blocked?: boolean;
  /** The egress guard refuses this page: extraction fails with this message (code egress_denied). */
  readonly refused?: string;
  /** A form's HTML, placed after the lines. */
  readonly form?: string;
  /** Lines the page shows after an action on it submitted its form. */
  readonly afterSubmit?: readonly string[];
}

export interface FakeWeb {
  readonly pages: Record<string, FakePage>;
  /** Search results by query (lower case); unknown queries find nothing. */
  readonly index: Record<string, readonly string[]>;
}

export interface FakeRun {
  readonly acts: Activities;
  readonly calls: string[];
  readonly steps: StepReport[];
  readonly queries: string[];
  readonly asked: string[];
  readonly acted: PageAction[][];
  /** The questions each askUser call asked (keys). */
  readonly questionsAsked: string[][];
  /** Every checkpoint saved, in order. */
  readonly checkpoints: Checkpoint[];
  /** The claims of each verify call, in order. */
  readonly verified: Claim[][];
}

export interface FakeUser {
  /** Details the memory bank holds, by key. */
  readonly memory?: ReadonlyMap<string, string | { secretHandle: string }>;
  /** The site the memory's details were given for (absent: entries bound to no site). */
  readonly memoryFor?: string;
  /** What the user answers when asked (undefined: no answer in time). */
  readonly answers?: ReadonlyMap<string, string | { secretHandle: string }>;
  /** The run is cancelled after this many calls to the services. */
  readonly cancelAfterCalls?: number;
}

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

export function htmlOf(page: FakePage, opened: boolean, submitted = false): string {
  const lines = [
    ...page.lines,
    ...(opened ? (page.hidden ?? []) : []),
    ...(submitted ? (page.afterSubmit ?? []) : []),
  ]
    .map((l) => (l.startsWith('# ') ? `<h2>${l.slice(2)}</h2>` : `<p>${l}</p>`))
    .join('');
  const links = (page.links ?? [])
    .map((l) => `<li><a href="${l.href}"${l.rel ? ` rel="${l.rel}"` : ''}>${l.text}</a></li>`)
    .join('');
  const disclosure = page.hidden
    ? `<div><button type="button" aria-expanded="${opened ? 'true' : 'false'}" aria-controls="more">Details</button><div id="more"${opened ? '' : ' hidden'}></div></div>`
    : '';
  return `<html><body><main><h1>${page.title}</h1>${lines}${disclosure}${page.form ?? ''}<ul>${links}</ul></main></body></html>`;
}

/**
 * Activities over a fake web, for unit tests of the loop: extraction renders the page, the
 * answerer returns the value of a "label: value" line whose label the question names.
 */
export function fakeRun(
  web: FakeWeb,
  options: { verified?: boolean; msPerCall?: number; user?: FakeUser } = {},
): FakeRun {
  const questionsAsked: string[][] = [];
  const checkpoints: Checkpoint[] = [];
  const verified: Claim[][] = [];
  const calls: string[] = [];
  const steps: StepReport[] = [];
  const queries: string[] = [];
  const asked: string[] = [];
  const acted: PageAction[][] = [];
  const html = new Map<string, { url: string; html: string; title: string; lines: string[] }>();
  let clock = 0;
  const tick = (): void => {
    clock += options.msPerCall ?? 10;
  };
  const capture = (
    url: string,
    opened: boolean,
    submitted = false,
  ): { ref: ReturnType<typeof anEvidenceRef>; record: string } => {
    const page = web.pages[url];
    if (!page) throw new Error(`no page ${url}`);
    const text = htmlOf(page, opened, submitted);
    const ref = anEvidenceRef({ sha256: sha(text) });
    html.set(ref.sha256, {
      url,
      html: text,
      title: page.title,
      lines: [
        ...page.lines,
        ...(opened ? (page.hidden ?? []) : []),
        ...(submitted ? (page.afterSubmit ?? []) : []),
      ],
    });
    return { ref, record: randomUUID() };
  };
  const acts: Activities = {
    search: (query) => {
      tick();
      calls.push(`search ${query}`);
      queries.push(query);
      const urls = web.index[query.toLowerCase()] ?? [];
      return Promise.resolve({
        query,
        terms: [],
        logRecordId: randomUUID(),
        results: urls.map((url) => ({ url, title: url, snippet: '', score: 1, provider: 'local' })),
        timings: { parseMs: 0, retrieveMs: 0, rankMs: 0, totalMs: 0 },
      });
    },
    extract: (url): Promise<PageSnapshot> => {
      tick();
      calls.push(`extract ${url}`);
      const page = web.pages[url];
      if (page?.refused)
        return Promise.reject(Object.assign(new Error(page.refused), { code: 'egress_denied' }));
      const { ref, record } = capture(url, false);
      return Promise.resolve({
        requestedUrl: url,
        finalUrl: url,
        status: page?.blocked ? 403 : 200,
        title: page?.title ?? '',
        contentType: 'text/html',
        loadTimeMs: 1,
        outcome: page?.blocked ? { kind: 'blocked', reason: 'http_403', detail: '' } : { kind: 'ok' },
        logRecordId: record,
        evidence: { domSnapshot: ref, screenshot: null },
        network: { redirects: [], failedRequests: 0, blockedRequests: 0 },
      });
    },
    understand: (p) => {
      tick();
      const captured = html.get(p.domSnapshot.sha256);
      return Promise.resolve({
        url: p.url,
        title: captured?.title ?? '',
        chunks: chunksOf(captured?.title ?? '', captured?.lines ?? []),
        interactive: [],
        truncated: false,
        logRecordId: randomUUID(),
      });
    },
    pageHtml: (ref) => Promise.resolve(html.get(ref.sha256)?.html ?? ''),
    act: ({ url, actions, described }) => {
      tick();
      calls.push(`act ${url} ${described.join(',')}`);
      acted.push([...actions]);
      const submitted = described.some((d) => d.startsWith('submit '));
      const { ref, record } = capture(url, true, submitted);
      return Promise.resolve({
        url,
        domSnapshot: ref,
        logRecordId: record,
        recordIds: [record],
        done: [...described],
        messages: submitted
          ? (web.pages[url]?.afterSubmit ?? []).map((text) => ({ kind: 'status', text }))
          : [],
      });
    },
    answer: (question, chunks): Promise<AnswerReply> => {
      tick();
      asked.push(question);
      const q = question.toLowerCase();
      const hit = chunks.find((c) => {
        const label = /^([^:]+):/.exec(c.text)?.[1]?.toLowerCase();
        return label !== undefined && q.includes(label);
      });
      const answers: ScoredAnswer[] = hit
        ? [
            {
              text: hit.text.slice(hit.text.indexOf(':') + 1).trim(),
              confidence: 0.9,
              source: {
                chunkId: hit.chunkId,
                url: hit.url,
                title: hit.title,
                xpath: hit.xpath,
                domSnapshot: hit.domSnapshot,
                logRecordId: hit.logRecordId,
                snippet: hit.text,
              },
            },
          ]
        : [];
      return Promise.resolve({
        answers,
        abstained: !hit,
        reason: hit ? null : 'no label matches',
        method: 'heuristic',
        logRecordId: randomUUID(),
      });
    },
    verify: (claims): Promise<VerifyReply> => {
      tick();
      verified.push([...claims]);
      const ok = options.verified ?? true;
      return Promise.resolve({
        runId: randomUUID(),
        verdicts: claims.map((c) => ({
          claimId: c.claimId,
          verdict: ok ? 'verified' : 'rejected',
          checks: [{ name: 'snippet_in_evidence', passed: ok, detail: ok ? 'found' : 'snippet not in DOM' }],
        })),
        trace: { complete: true, missingRecordIds: [], chainValid: true },
        released: ok,
        logRecordId: randomUUID(),
      });
    },
    report: (s) => {
      steps.push(s);
      return Promise.resolve();
    },
    recall: (keys) =>
      Promise.resolve(
        new Map(
          keys.flatMap((k) => {
            const v = options.user?.memory?.get(k);
            const origin = options.user?.memoryFor;
            return v === undefined ? [] : [[k, { value: v, ...(origin ? { origin } : {}) }] as const];
          }),
        ),
      ),
    askUser: ({ questions }) => {
      questionsAsked.push(questions.map((q) => q.key));
      const answers = options.user?.answers;
      if (!answers) return Promise.resolve(undefined);
      return Promise.resolve(
        new Map(
          questions.flatMap((q) => {
            const v = answers.get(q.key);
            return v === undefined ? [] : [[q.key, v] as const];
          }),
        ),
      );
    },
    checkpoint: (cp) => {
      checkpoints.push(cp);
      return Promise.resolve();
    },
    cancelled: () =>
      options.user?.cancelAfterCalls !== undefined && calls.length >= options.user.cancelAfterCalls
        ? 'cancelled by the user'
        : undefined,
    now: () => clock,
  };
  return { acts, calls, steps, queries, asked, acted, questionsAsked, checkpoints, verified };
}

/** Chunks as dom-understanding cuts them: one per line, under the "# " heading before it. */
function chunksOf(
  title: string,
  lines: readonly string[],
): { id: string; text: string; headingPath: string[]; xpath: string }[] {
  const chunks: { id: string; text: string; headingPath: string[]; xpath: string }[] = [];
  let heading: string | undefined;
  let p = 0;
  for (const line of lines) {
    if (line.startsWith('# ')) {
      heading = line.slice(2);
      continue;
    }
    p += 1;
    chunks.push({
      id: `c${String(p)}`,
      text: line,
      headingPath: heading ? [title, heading] : [title],
      xpath: `/html[1]/body[1]/main[1]/p[${String(p)}]`,
    });
  }
  return chunks;
}
