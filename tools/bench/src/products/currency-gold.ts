import { currencyOf } from '@forage/lexicon';

/**
 * The benchmark's gold currency is the sign a page writes ('$', 'Rs', 'kr', 'ر.س'), not an ISO
 * code; a sign that several currencies write stands for any of them. A page's code (from its
 * markup or its country) is right when its sign is one of these (general knowledge of currency
 * signs, not of any page).
 */
const SHARED_SIGNS: Readonly<Record<string, readonly string[]>> = {
  $: ['USD', 'CAD', 'AUD', 'NZD', 'MXN', 'CLP', 'ARS', 'COP', 'UYU', 'SGD', 'HKD', 'TWD', 'DOP', 'CUP'],
  rs: ['INR', 'PKR', 'LKR', 'NPR', 'MUR', 'SCR'],
  'rs.': ['INR', 'PKR', 'LKR', 'NPR', 'MUR', 'SCR'],
  '₨': ['INR', 'PKR', 'LKR', 'NPR', 'MUR', 'SCR'],
  kr: ['SEK', 'NOK', 'DKK', 'ISK'],
  'kr.': ['SEK', 'NOK', 'DKK', 'ISK'],
  '¥': ['JPY', 'CNY'],
  lei: ['RON', 'MDL'],
  'ر.س': ['SAR'],
  'ر.س.': ['SAR'],
  'د.إ': ['AED'],
  'тг.': ['KZT'],
  fr: ['CHF'],
  'fr.': ['CHF'],
};

/** The ISO codes the gold's currency sign may stand for (none when the gold names no currency). */
export function goldCurrencyCodes(sign: string | undefined): readonly string[] {
  if (!sign?.trim()) return [];
  const shared = SHARED_SIGNS[sign.trim().toLowerCase()];
  if (shared) return shared;
  return [currencyOf(sign) ?? sign.trim().toUpperCase()];
}
