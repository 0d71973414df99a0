import type { AuditResult } from './audit.js';

/** The details above the RESULT line: why runs failed, and examples of anything lost. */
export function printAudit(result: AuditResult, published: number, stored: number): void {
  console.log(
    `\nlog records: ${String(published)} accepted by JetStream, ${String(stored)} in the log store`,
  );
  console.log('failure reasons (runs that ended failed):');
  for (const [reason, n] of [...result.failureReasons].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    console.log(`  ${String(n).padStart(4)}  ${reason}`);
  }
  if (result.lostRunIds.length > 0)
    console.log(`lost runs (first 10): ${result.lostRunIds.slice(0, 10).join(', ')}`);
  if (result.missingRecordIds.length > 0)
    console.log(
      `records missing from the store (first 10): ${result.missingRecordIds.slice(0, 10).join(', ')}`,
    );
  if (result.duplicateKeys.length > 0)
    console.log(`actions executed twice (first 10 keys): ${result.duplicateKeys.slice(0, 10).join(', ')}`);
}
