/**
 * bench:search — (1) ranking 10 provider results (normalise, score with breakdown, sort), the
 * seed's budget being 50 ms; (2) building a local index of 50,000 generated documents and
 * querying it with the local ranking, beside minisearch (a maintained library) on the same
 * documents and queries in the same run.
 *
 *   node tools/bench/dist/search.bench.js [--docs 50000]
 */
import { parseArgs } from 'node:util';
import MiniSearch from 'minisearch';
import { Bm25Index } from '@forage/retrieval';
import {
  DEFAULT_LOCAL_WEIGHTS,
  DEFAULT_RANKING_WEIGHTS,
  normalizeHits,
  rankLocal,
  scoreResult,
  type LocalDocument,
} from '@forage/app-search';
import { summarize } from './stats.js';
import { syntheticCorpus } from './retrieval/synthetic.js';

const { values } = parseArgs({ options: { docs: { type: 'string', default: '50000' } } });
const docCount = Number(values.docs);

// (1) ranking 10 provider results
const providerHits = Array.from({ length: 10 }, (_, i) => ({
  url: `https://www.site${i}.example/hotels/orlando-${i}?utm_source=x&ref=${i}#top`,
  title: `Orlando Hotel &amp; Suites ${i} near the parks | Site${i}`,
  snippet: `Rooms from $${100 + i * 10} per night &mdash; free parking, book now. <b>Orlando</b> resort ${i}.`,
  position: i + 1,
  provider: 'serper',
}));
const queryTerms = ['orlando', 'hotel', 'park'];
const rankOnce = (): number => {
  const scored = normalizeHits(providerHits)
    .map((h) => ({
      h,
      ...scoreResult({
        result: h,
        queryTerms,
        schemaType: 'HotelListing',
        weights: DEFAULT_RANKING_WEIGHTS,
        trust: 0,
      }),
    }))
    .sort((a, b) => b.score - a.score);
  return scored.length;
};
for (let i = 0; i < 500; i++) rankOnce();
const rankSamples: number[] = [];
for (let i = 0; i < 5_000; i++) {
  const t = performance.now();
  rankOnce();
  rankSamples.push(performance.now() - t);
}
const rank = summarize(rankSamples);
console.log(
  `rank 10 provider results: p50 ${(rank.p50 * 1000).toFixed(1)} µs  p90 ${(rank.p90 * 1000).toFixed(1)} µs  p99 ${(rank.p99 * 1000).toFixed(1)} µs`,
);

// (2) local index vs minisearch on the same documents
const { docs, queries } = syntheticCorpus(docCount);
let t = performance.now();
const index = new Bm25Index<LocalDocument>();
for (const d of docs) index.add(d);
const oursBuildMs = performance.now() - t;
t = performance.now();
const mini = new MiniSearch<{ id: string; title: string; text: string }>({
  fields: ['title', 'text'],
  storeFields: [],
});
mini.addAll(docs);
const peerBuildMs = performance.now() - t;

const timeQueries = (run: (q: string) => number): { p50: number; p90: number; hits: number } => {
  for (const q of queries.slice(0, 30)) run(q);
  const samples: number[] = [];
  let hits = 0;
  for (const q of queries) {
    const start = performance.now();
    hits += run(q);
    samples.push(performance.now() - start);
  }
  const s = summarize(samples);
  return { p50: s.p50, p90: s.p90, hits };
};
const ours = timeQueries(
  (q) => rankLocal({ index, query: q, limit: 10, weights: DEFAULT_LOCAL_WEIGHTS }).length,
);
const peer = timeQueries((q) => mini.search(q).slice(0, 10).length);
console.log(
  `index ${docCount} docs: ours ${(oursBuildMs / 1000).toFixed(2)} s (${Math.round(docCount / (oursBuildMs / 1000))} docs/s), minisearch ${(peerBuildMs / 1000).toFixed(2)} s (${Math.round(docCount / (peerBuildMs / 1000))} docs/s)`,
);
console.log(
  `query (${queries.length} queries, top 10): ours p50 ${ours.p50.toFixed(3)} ms p90 ${ours.p90.toFixed(3)} ms | minisearch p50 ${peer.p50.toFixed(3)} ms p90 ${peer.p90.toFixed(3)} ms`,
);
console.log(
  `RESULT rank_p50_us=${(rank.p50 * 1000).toFixed(1)} index_docs_per_s=${Math.round(docCount / (oursBuildMs / 1000))} query_p50_ms=${ours.p50.toFixed(3)} peer_query_p50_ms=${peer.p50.toFixed(3)} peer_index_docs_per_s=${Math.round(docCount / (peerBuildMs / 1000))} docs=${docCount}`,
);
