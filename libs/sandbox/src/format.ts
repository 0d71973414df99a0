/** Number formats shared by the page text and the facts, so both say the same thing. */

/** 1234567 → "1,234,567" (fixed en-US grouping, independent of the host's locale data). */
export function groupDigits(value: number): string {
  const [whole = '0', fraction] = Math.abs(value).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (value < 0 ? '-' : '') + grouped + (fraction ? `.${fraction}` : '');
}

/** 129 → "$129"; 89.95 → "$89.95"; 1299 → "$1,299". */
export function usd(value: number): string {
  const [whole = '0', cents = '00'] = value.toFixed(2).split('.');
  return `$${groupDigits(Number(whole))}${cents === '00' ? '' : `.${cents}`}`;
}

/** "Port Alvena" → "port-alvena". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
