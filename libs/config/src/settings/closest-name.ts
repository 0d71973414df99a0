/** Edit distance between two short names (Levenshtein, case-insensitive). */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      current.push(
        Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost),
      );
    }
    previous = current;
  }
  return previous[y.length] ?? 0;
}

/** The known name a mistyped one most likely meant, if any is close (a third of its length). */
export function closestName(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const candidate of known) {
    const d = distance(name, candidate);
    if (!best || d < best.d) best = { name: candidate, d };
  }
  return best && best.d <= Math.max(2, Math.floor(name.length / 3)) ? best.name : undefined;
}
