/**
 * The options of a question that names its possible answers — "Which is cheaper, the Old Compass
 * or Harbour View?", "Who is older, A or B?", "Which band, A or B, had more members?" — or none.
 * The options follow a comma or colon and are joined by "or".
 */
export function choiceOptions(question: string): [string, string] | undefined {
  const q = question.normalize('NFKC').replace(/\s+/g, ' ').trim();
  const match = /[,:]\s*(?:the\s+)?([^,:;?]+?)\s+or\s+(?:the\s+)?([^,:;?]+?)\s*(?:[,?]|$)/iu.exec(q);
  const a = match?.[1]?.trim();
  const b = match?.[2]?.trim();
  if (!a || !b || a.split(/\s+/).length > 8 || b.split(/\s+/).length > 8) return undefined;
  return [a, b];
}
