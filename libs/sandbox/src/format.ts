/** Number formats shared by the page text and the facts, so both say the same thing. */

/** 1234567 → "1,234,567" (fixed en-US grouping, independent of the host's locale data). */
export function groupDigits(value: number): string {
  const [whole = '0', fraction] = Math.abs(value).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (value < 0 ? '-' : '') + grouped + (fraction ? `.${fraction}` : '');
}

/** 48_200_000_000 → "$48.2 billion". */
export function usdInWords(value: number): string {
  if (value >= 1e9) return `$${trimZero((value / 1e9).toFixed(1))} billion`;
  if (value >= 1e6) return `$${trimZero((value / 1e6).toFixed(1))} million`;
  return `$${groupDigits(value)}`;
}

/** 129 → "$129"; 129.5 → "$129.50". */
export function usd(value: number): string {
  return Number.isInteger(value) ? `$${groupDigits(value)}` : `$${groupDigits(Math.floor(value))}.${value.toFixed(2).split('.')[1] ?? '00'}`;
}

function trimZero(text: string): string {
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}

/** "Port Alvena" → "port-alvena". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
