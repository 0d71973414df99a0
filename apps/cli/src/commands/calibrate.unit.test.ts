import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@forage/testing';
import { runCli } from '../cli/run.js';
import type { CliIo } from '../cli/io.js';
import { readDevSet } from '../calibration/dev-set.js';
import { fitThreshold, reliabilityTable } from '../calibration/reliability.js';

async function forage(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    root: '/nonexistent',
    env: {},
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    errRaw: (t) => err.push(t),
    stderrIsTTY: false,
  };
  const code = await runCli(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A dev set whose answers are right about as often as they say: 20 at 0.3 (6 right), 20 at 0.9 (18 right). */
function devSetLines(): string[] {
  const lines: string[] = [];
  for (let i = 0; i < 20; i++) lines.push(JSON.stringify({ confidence: 0.3, correct: i < 6 }));
  for (let i = 0; i < 20; i++)
    lines.push(
      JSON.stringify({
        confidence: 0.9,
        answer: i < 18 ? 'the Vell Bridge' : 'Orrin',
        golds: ['Vell Bridge'],
      }),
    );
  // an ask --json line with golds, and an abstention (left out)
  lines.push(JSON.stringify({ answer: { text: '412,300', confidence: 0.62 }, golds: ['412,300 people'] }));
  lines.push(JSON.stringify({ answer: null, golds: ['x'] }));
  return lines;
}

describe('forage calibrate', () => {
  it('prints the reliability table and the release threshold fitted to the wanted precision', async () => {
    const dir = tempDir();
    const file = join(dir.path, 'dev.jsonl');
    writeFileSync(file, `${devSetLines().join('\n')}\n`);
    const { code, out } = await forage(['calibrate', '--data', file, '--precision', '0.85']);
    expect(code).toBe(0);
    expect(out).toContain('41 answers');
    expect(out).toMatch(/\[0\.30, 0\.40\)\s+20\s+0\.300\s+0\.300/);
    expect(out).toMatch(/\[0\.90, 1\.00\]\s+20\s+0\.900\s+0\.900/);
    expect(out).toMatch(/release threshold 0\.31: 90\.5% of released answers right/);
    expect(out).toContain('ORCH_MIN_CONFIDENCE=0.31');
    dir.remove();
  });

  it('says when no threshold reaches the precision, and refuses a dev set it cannot read', async () => {
    const dir = tempDir();
    const file = join(dir.path, 'dev.jsonl');
    writeFileSync(file, devSetLines().join('\n'));
    expect((await forage(['calibrate', '--data', file, '--precision', '0.99'])).out).toMatch(
      /no threshold reaches 99\.0%/,
    );
    const bad = join(dir.path, 'bad.jsonl');
    writeFileSync(bad, '{"confidence": 2}\n');
    const refused = await forage(['calibrate', '--data', bad]);
    expect(refused.code).toBe(65);
    expect(refused.err).toMatch(/entry 1 is none of/);
    expect((await forage(['calibrate'])).code).toBe(64);
    dir.remove();
  });
});

describe('calibration core', () => {
  it('judges answers against their golds as SQuAD compares them (token F1 ≥ 0.5)', () => {
    const judged = readDevSet(devSetLines().join('\n'));
    expect(judged.filter((j) => j.confidence === 0.9 && j.correct)).toHaveLength(18);
    expect(judged.at(-1)).toEqual({ confidence: 0.62, correct: true });
  });

  it('bins predicted confidence against observed correctness', () => {
    const table = reliabilityTable(readDevSet(devSetLines().join('\n')), 5);
    expect(table.map((b) => b.count)).toEqual([0, 20, 0, 1, 20]);
    expect(table[1]?.observed).toBeCloseTo(0.3);
  });

  it('fits the lowest threshold that reaches the precision, keeping as many answers as it can', () => {
    const judged = [
      { confidence: 0.2, correct: false },
      { confidence: 0.5, correct: true },
      { confidence: 0.6, correct: false },
      { confidence: 0.8, correct: true },
      { confidence: 0.9, correct: true },
    ];
    expect(fitThreshold(judged, 0.66)).toMatchObject({ threshold: 0.21, reached: true, coverage: 0.8 });
    expect(fitThreshold(judged, 1)).toMatchObject({ threshold: 0.61, precision: 1, coverage: 0.4 });
  });
});
