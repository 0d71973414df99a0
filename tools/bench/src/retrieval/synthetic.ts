/** Deterministic synthetic corpora for benchmarks: Zipf-distributed words, so postings look like real text. */

/** mulberry32: a tiny seeded PRNG, so every run indexes the same documents. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = [
  'ba',
  'ko',
  'ri',
  'te',
  'mu',
  'la',
  'zen',
  'dor',
  'vi',
  'pa',
  'gu',
  'ne',
  'tol',
  'fa',
  'shi',
  'mar',
  'qui',
  'ro',
  'den',
  'ly',
];

export function vocabulary(size: number, random: () => number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const n = 2 + Math.floor(random() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)] ?? '';
    words.add(w);
  }
  return [...words];
}

/** Samples ranks 0..n-1 with probability ∝ 1/(rank+1)^s (inverse CDF over a precomputed table). */
export function zipfSampler(n: number, s: number, random: () => number): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += 1 / Math.pow(i + 1, s);
    cdf[i] = sum;
  }
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cdf[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export interface SyntheticDoc {
  readonly id: string;
  readonly url: string;
  readonly title: string;
  readonly text: string;
}

export function syntheticCorpus(count: number, seed = 7): { docs: SyntheticDoc[]; queries: string[] } {
  const random = seeded(seed);
  const vocab = vocabulary(30_000, random);
  const word = zipfSampler(vocab.length, 1.05, random);
  const pick = (): string => vocab[word()] ?? '';
  const docs: SyntheticDoc[] = [];
  for (let i = 0; i < count; i++) {
    const titleLength = 3 + Math.floor(random() * 4);
    const bodyLength = 80 + Math.floor(random() * 80);
    const title = Array.from({ length: titleLength }, pick).join(' ');
    const body: string[] = [];
    for (let w = 0; w < bodyLength; w++) body.push(pick());
    docs.push({ id: String(i), url: `https://bench.example/doc/${i}`, title, text: `${body.join(' ')}.` });
  }
  // queries of 2–4 words drawn from the middle of the distribution, as real queries mostly are
  const queries = Array.from({ length: 300 }, () =>
    Array.from(
      { length: 2 + Math.floor(random() * 3) },
      () => vocab[50 + Math.floor(random() * 5_000)] ?? '',
    ).join(' '),
  );
  return { docs, queries };
}
