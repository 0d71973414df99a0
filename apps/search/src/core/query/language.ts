import { words } from '@forage/retrieval';

/** Very common function words per language: enough to tell languages apart in a short query. */
const FUNCTION_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: [
    'the',
    'and',
    'of',
    'in',
    'for',
    'with',
    'what',
    'is',
    'are',
    'how',
    'to',
    'a',
    'near',
    'under',
    'best',
    'who',
    'which',
    'where',
    'when',
  ],
  fr: [
    'le',
    'la',
    'les',
    'des',
    'et',
    'du',
    'pour',
    'avec',
    'dans',
    'quel',
    'quelle',
    'est',
    'une',
    'un',
    'à',
    'moins',
    'où',
    'qui',
    'sur',
  ],
  de: [
    'der',
    'die',
    'das',
    'und',
    'mit',
    'für',
    'in',
    'ist',
    'wie',
    'was',
    'ein',
    'eine',
    'unter',
    'von',
    'zu',
    'im',
    'wo',
    'wer',
    'welche',
  ],
  es: [
    'el',
    'la',
    'los',
    'las',
    'de',
    'y',
    'en',
    'con',
    'para',
    'por',
    'qué',
    'que',
    'es',
    'un',
    'una',
    'del',
    'menos',
    'dónde',
    'cuál',
  ],
  it: [
    'il',
    'lo',
    'la',
    'gli',
    'le',
    'di',
    'e',
    'con',
    'per',
    'che',
    'è',
    'un',
    'una',
    'del',
    'della',
    'sotto',
    'dove',
    'quale',
    'nel',
  ],
  pt: [
    'o',
    'a',
    'os',
    'as',
    'de',
    'e',
    'em',
    'com',
    'para',
    'que',
    'é',
    'um',
    'uma',
    'do',
    'da',
    'não',
    'onde',
    'qual',
    'no',
    'na',
  ],
  nl: [
    'de',
    'het',
    'een',
    'en',
    'van',
    'in',
    'met',
    'voor',
    'wat',
    'is',
    'onder',
    'op',
    'waar',
    'welke',
    'hoe',
  ],
};

const SCRIPTS: readonly [RegExp, string][] = [
  [/[\u3040-\u30ff]/u, 'ja'],
  [/[\uac00-\ud7af]/u, 'ko'],
  [/\p{Script=Han}/u, 'zh'],
  [/\p{Script=Cyrillic}/u, 'ru'],
  [/\p{Script=Arabic}/u, 'ar'],
  [/\p{Script=Greek}/u, 'el'],
  [/\p{Script=Hebrew}/u, 'he'],
  [/\p{Script=Devanagari}/u, 'hi'],
  [/\p{Script=Thai}/u, 'th'],
];

/**
 * The query's language as an ISO 639-1 code: by script for non-Latin text, else by function
 * words; `und` when nothing tells (a bare keyword query).
 */
export function detectLanguage(text: string): string {
  for (const [re, code] of SCRIPTS) if (re.test(text)) return code;
  const present = words(text);
  let best = 'und';
  let bestHits = 0;
  for (const [code, list] of Object.entries(FUNCTION_WORDS)) {
    const set = new Set(list);
    const hits = present.filter((w) => set.has(w)).length;
    if (hits > bestHits) {
      best = code;
      bestHits = hits;
    }
  }
  if (best !== 'und') return best;
  return /[àâçéèêëîïôûùüÿœæäöüßñáíóúãõ]/i.test(text) ? 'und' : 'en';
}
