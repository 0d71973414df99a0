import { readFileSync } from 'node:fs';
import { DevSetError, readDevSet } from '../calibration/dev-set.js';
import { calibrationError, fitThreshold, reliabilityTable } from '../calibration/reliability.js';
import { EX_DATAERR, EX_USAGE } from './exit-codes.js';

export interface CalibrateOptions {
  readonly data: string | undefined;
  readonly precision: number;
  readonly bins: number;
  readonly json: boolean;
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

/**
 * forage calibrate --data <dev set>: the reliability table of the dev set's answers (predicted
 * confidence against observed correctness, by bin) and the release threshold fitted for this
 * deployment — the lowest at which the released answers are right at the wanted precision.
 */
export function calibrate(options: CalibrateOptions): number {
  if (!options.data) {
    options.err('calibrate: --data <dev set> is required (JSON Lines of judged answers)');
    return EX_USAGE;
  }
  if (!(options.precision > 0 && options.precision <= 1) || !(options.bins >= 2 && options.bins <= 50)) {
    options.err('calibrate: --precision takes a number in (0, 1], --bins a number from 2 to 50');
    return EX_USAGE;
  }
  let text: string;
  try {
    text = readFileSync(options.data, 'utf8');
  } catch (err) {
    options.err(
      `calibrate: cannot read ${options.data}: ${err instanceof Error ? err.message : String(err)}`,
    );
    return EX_DATAERR;
  }
  let judged;
  try {
    judged = readDevSet(text);
  } catch (err) {
    if (err instanceof DevSetError || err instanceof SyntaxError) {
      options.err(`calibrate: ${options.data}: ${err.message}`);
      return EX_DATAERR;
    }
    throw err;
  }
  if (judged.length === 0) {
    options.err(`calibrate: ${options.data} holds no answered entry`);
    return EX_DATAERR;
  }
  const table = reliabilityTable(judged, options.bins);
  const fitted = fitThreshold(judged, options.precision);
  const ece = calibrationError(table);
  if (options.json) {
    options.out(
      JSON.stringify({ answers: judged.length, bins: table, ece, fitted, wanted: options.precision }),
    );
    return 0;
  }
  options.out(
    `${String(judged.length)} answers; reliability (predicted confidence vs observed correctness):`,
  );
  options.out(
    `${'confidence'.padEnd(14)}${'answers'.padStart(8)}${'predicted'.padStart(11)}${'observed'.padStart(10)}`,
  );
  for (const b of table) {
    const bin = `[${b.from.toFixed(2)}, ${b.to.toFixed(2)}${b.to === 1 ? ']' : ')'}`;
    options.out(
      `${bin.padEnd(14)}${String(b.count).padStart(8)}${(b.count ? b.meanConfidence.toFixed(3) : '-').padStart(11)}${(b.count ? b.observed.toFixed(3) : '-').padStart(10)}`,
    );
  }
  options.out(`expected calibration error ${ece.toFixed(3)}`);
  const share = (x: number): string => `${(x * 100).toFixed(1)}%`;
  options.out(
    fitted.reached
      ? `release threshold ${fitted.threshold.toFixed(2)}: ${share(fitted.precision)} of released answers right (wanted ${share(options.precision)}), ${share(fitted.coverage)} released`
      : `no threshold reaches ${share(options.precision)}: the best is ${fitted.threshold.toFixed(2)} with ${share(fitted.precision)} right, ${share(fitted.coverage)} released`,
  );
  options.out(`set it for this deployment: ORCH_MIN_CONFIDENCE=${fitted.threshold.toFixed(2)}`);
  return 0;
}
