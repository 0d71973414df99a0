/** Patterns for typed values in free text, independent of any site's wording. */

export const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
/** A phone number: optional +country, then at least 7 digits in groups separated by spaces, dots, dashes or brackets. */
export const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,5}\)[\s.-]?)?\d{2,5}(?:[\s.-]\d{2,5}){1,4}/;
/** "4-star", "4 stars", "4★", "★★★★" (hotel classification). */
export const STAR_CLASS =
  /\b([0-5](?:[.,]5)?)\s?-?\s?(?:stars?|étoiles?|sterne|estrellas?|stelle)\b|([0-5])\s?[★⭐]/i;
export const STAR_GLYPHS = /[★⭐]{1,5}/;
/** "4.5 / 5", "4.5 out of 5": a score on a five-point scale. */
export const OUT_OF_FIVE = /\b([0-5](?:[.,]\d)?)\s*(?:\/|out of|of|von|sur|de|su)\s*5\b/i;
export const ISO_DATE = /\b(\d{4}-\d{2}-\d{2})\b/;
const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
export const WRITTEN_DATE = new RegExp(
  `\\b(\\d{1,2}\\s${MONTH}\\s\\d{4}|${MONTH}\\s\\d{1,2},?\\s\\d{4}|${MONTH}\\s\\d{4})\\b`,
  'i',
);
export const DOI = /\b10\.\d{4,9}\/[^\s"<>]+/;
/** Signs of a scholarly record: a DOI, an arXiv id, "et al.", a PDF or an abstract. */
export const SCHOLARLY =
  /\b(doi|arxiv|et al\.|abstract|proceedings|journal|preprint)\b|\.pdf\b|10\.\d{4,9}\//i;
/** A price that is for a stay rather than an item: "per night", "/night", "a night". */
export const PER_NIGHT = /\b(per|a|\/)\s?(night|nuit|nacht|noche|notte)\b|\/\s?night/i;

/** A phone match that is really a date, a price or a plain long number is not a phone. */
export function looksLikePhone(text: string): boolean {
  const digits = text.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return false;
  if (/^\d{4}[-.]\d{2}[-.]\d{2}$/.test(text.trim())) return false;
  return /[\s.\-()+]/.test(text);
}
