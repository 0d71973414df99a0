/**
 * Countries and the words for their people, so "from the United States" meets "an American band"
 * and "from England" meets "a British writer" (general geography, nothing about any site or data
 * set). A part of a country also stands for the country ("England" → the United Kingdom).
 */
const COUNTRIES: readonly (readonly [key: string, names: string, within?: string])[] = [
  ['us', 'united states|united states of america|usa|u.s.|u.s.a.|america|american|americans'],
  ['uk', 'united kingdom|great britain|britain|british|uk|u.k.'],
  ['england', 'england|english', 'uk'],
  ['scotland', 'scotland|scottish|scots', 'uk'],
  ['wales', 'wales|welsh', 'uk'],
  ['northern ireland', 'northern ireland', 'uk'],
  ['ireland', 'ireland|irish|republic of ireland'],
  ['canada', 'canada|canadian'],
  ['australia', 'australia|australian'],
  ['new zealand', 'new zealand|new zealander'],
  ['france', 'france|french'],
  ['germany', 'germany|german|west germany|east germany'],
  ['italy', 'italy|italian'],
  ['spain', 'spain|spanish'],
  ['portugal', 'portugal|portuguese'],
  ['netherlands', 'netherlands|dutch|holland'],
  ['belgium', 'belgium|belgian'],
  ['switzerland', 'switzerland|swiss'],
  ['austria', 'austria|austrian'],
  ['sweden', 'sweden|swedish'],
  ['norway', 'norway|norwegian'],
  ['denmark', 'denmark|danish'],
  ['finland', 'finland|finnish'],
  ['iceland', 'iceland|icelandic'],
  ['russia', 'russia|russian|soviet union|soviet'],
  ['poland', 'poland|polish'],
  ['czech', 'czech republic|czechia|czech'],
  ['hungary', 'hungary|hungarian'],
  ['ukraine', 'ukraine|ukrainian'],
  ['greece', 'greece|greek'],
  ['turkey', 'turkey|turkish'],
  ['israel', 'israel|israeli'],
  ['iran', 'iran|iranian|persian'],
  ['egypt', 'egypt|egyptian'],
  ['south africa', 'south africa|south african'],
  ['nigeria', 'nigeria|nigerian'],
  ['india', 'india|indian'],
  ['pakistan', 'pakistan|pakistani'],
  ['bangladesh', 'bangladesh|bangladeshi'],
  ['china', 'china|chinese'],
  ['japan', 'japan|japanese'],
  ['south korea', 'south korea|south korean|korea|korean'],
  ['philippines', 'philippines|filipino|philippine'],
  ['indonesia', 'indonesia|indonesian'],
  ['vietnam', 'vietnam|vietnamese'],
  ['thailand', 'thailand|thai'],
  ['mexico', 'mexico|mexican'],
  ['brazil', 'brazil|brazilian'],
  ['argentina', 'argentina|argentine|argentinian'],
  ['chile', 'chile|chilean'],
  ['colombia', 'colombia|colombian'],
  ['cuba', 'cuba|cuban'],
];

const PATTERNS = COUNTRIES.map(([key, names, within]) => ({
  keys: within ? [key, within] : [key],
  pattern: new RegExp(
    `(?<![\\p{L}.])(?:${names
      .split('|')
      .sort((a, b) => b.length - a.length)
      .map((n) => n.replace(/[.]/g, '\\.').replace(/ /g, '\\s+'))
      .join('|')})(?![\\p{L}])`,
    'iu',
  ),
}));

/** The countries a text names, by name or by their people's adjective ("American" → us). */
export function countriesIn(text: string): Set<string> {
  const keys = new Set<string>();
  for (const { keys: k, pattern } of PATTERNS) if (pattern.test(text)) for (const key of k) keys.add(key);
  return keys;
}

/** The text without the country names and adjectives in it (what is left to match word by word). */
export function withoutCountries(text: string): string {
  let rest = text;
  for (const { pattern } of PATTERNS) rest = rest.replace(new RegExp(pattern.source, 'giu'), ' ');
  return rest;
}

/** The adjectives of the peoples above: "French" names a people or a language, not a place. */
const PEOPLE_ADJECTIVE =
  /^(?:american|british|english|scottish|scots|welsh|irish|canadian|australian|french|german|italian|spanish|portuguese|dutch|belgian|swiss|austrian|swedish|norwegian|danish|finnish|icelandic|russian|soviet|polish|czech|hungarian|ukrainian|greek|turkish|israeli|iranian|persian|egyptian|nigerian|indian|pakistani|bangladeshi|chinese|japanese|korean|filipino|philippine|indonesian|vietnamese|thai|mexican|brazilian|argentine|argentinian|chilean|colombian|cuban)$/iu;

export function isPeopleAdjective(word: string): boolean {
  return PEOPLE_ADJECTIVE.test(word.trim());
}
