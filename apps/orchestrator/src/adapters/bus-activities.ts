import {
  answerQuestion,
  extractPage,
  runStep,
  searchQuery,
  understandPage,
  verifyRun,
} from '@forage/contracts';
import type { Bus } from '@forage/messaging';
import type { Activities } from '../core/activities.js';
import type { OrchestratorConfig } from '../config.js';

/** The research activities as requests to the other services over the bus. */
export function createBusActivities(input: {
  bus: Bus;
  config: OrchestratorConfig;
  runId: string;
  attempt: number;
}): Activities {
  const { bus, config, runId, attempt } = input;
  let seq = 0;
  return {
    search: (query) => bus.request(searchQuery, { runId, query, limit: config.ORCH_SEARCH_LIMIT }),
    extract: (url) =>
      bus.request(
        extractPage,
        { runId, url, screenshot: true, timeoutMs: config.ORCH_EXTRACT_TIMEOUT_MS },
        // the request's timeout bounds navigation; settling and capture may add up to ~20 s more
        { timeoutMs: config.ORCH_EXTRACT_TIMEOUT_MS + 25_000 },
      ),
    understand: (page) =>
      bus.request(understandPage, { runId, url: page.finalUrl, domSnapshot: page.evidence.domSnapshot }),
    answer: (question, chunks) =>
      bus.request(answerQuestion, {
        runId,
        question,
        chunks: [...chunks],
        minConfidence: config.ORCH_MIN_CONFIDENCE,
      }),
    verify: (claims, expectedRecordIds) =>
      bus.request(
        verifyRun,
        {
          runId,
          claims: [...claims],
          expectedRecordIds: [...expectedRecordIds],
          minConfidence: config.ORCH_MIN_CONFIDENCE,
        },
        { timeoutMs: 60_000 },
      ),
    report: async (step) => {
      const n = seq++;
      await bus.publishDurable(
        runStep,
        { runId, seq: attempt * 10_000 + n, at: new Date().toISOString(), ...step },
        { msgId: `${runId}:${attempt}:step:${n}` },
      );
    },
    now: () => performance.now(),
  };
}
