/**
 * A general lexicon of the attributes people ask about, with the words, abbreviations and units
 * they use for them. A question names an attribute in its own words; a page labels it in its own;
 * both are mapped to one canonical attribute so the page's label can be used to ask the page.
 */
export interface Attribute {
  readonly id: string;
  /** Lower-case words and phrases that name the attribute (matched on word boundaries). */
  readonly terms: readonly string[];
  /** Units the attribute is stated in; a label carrying one of them names this attribute. */
  readonly units: readonly string[];
  /** Is a bigger value "more" of what comparatives ask (larger, bigger)? */
  readonly numeric: boolean;
  /** What any value of the attribute looks like (an address carries a number); answers that do not are refused. */
  readonly shape?: RegExp;
  /** Values are dates ("4 August 1961", "1888"): compared as dates, not by their first number. */
  readonly dated?: boolean;
  /** How to ask for it about one entity, when "What is the <attribute> of X?" is not English. */
  readonly ask?: (entity: string) => string;
}

export const ATTRIBUTES: readonly Attribute[] = [
  {
    id: 'population',
    terms: [
      'population',
      'populous',
      'inhabitants',
      'residents',
      'people live',
      'people living',
      'how many people',
      'headcount',
    ],
    units: ['inhabitants', 'people'],
    numeric: true,
  },
  {
    id: 'area',
    terms: [
      'area',
      'surface',
      'land area',
      'how big',
      'size',
      'square kilometres',
      'square kilometers',
      'square miles',
      'sq km',
      'km2',
      'km²',
    ],
    units: ['km²', 'km2', 'sq km', 'square kilometres', 'square kilometers', 'mi²', 'hectares', 'ha'],
    numeric: true,
  },
  { id: 'capital', terms: ['capital', 'seat of government', 'capital city'], units: [], numeric: false },
  { id: 'currency', terms: ['currency', 'money', 'legal tender'], units: [], numeric: false },
  {
    id: 'gdp-per-capita',
    terms: ['gdp per capita', 'per capita', 'income per person', 'output per person'],
    units: [],
    numeric: true,
  },
  {
    id: 'gdp',
    terms: ['gdp', 'gross domestic product', 'economic output', 'size of the economy'],
    units: [],
    numeric: true,
  },
  {
    id: 'inflation',
    terms: ['inflation', 'inflation rate', 'consumer prices', 'consumer price index', 'cpi', 'price growth'],
    units: ['%'],
    numeric: true,
  },
  {
    id: 'unemployment',
    terms: ['unemployment', 'unemployment rate', 'jobless', 'jobless rate', 'out of work'],
    units: ['%'],
    numeric: true,
  },
  {
    id: 'founded',
    terms: [
      'founded',
      'founding',
      'established',
      'establishment',
      'foundation',
      'formed',
      'when was',
      'how old',
      'year of founding',
    ],
    units: [],
    numeric: true,
    dated: true,
    ask: (entity) => `When was ${entity} founded?`,
  },
  {
    id: 'born',
    terms: ['born', 'date of birth', 'year of birth', 'birth date', 'birthdate', 'birthday'],
    units: [],
    numeric: true,
    dated: true,
    ask: (entity) => `When was ${entity} born?`,
  },
  {
    id: 'capacity',
    terms: [
      'capacity',
      'seating capacity',
      'can seat',
      'can seat how many people',
      'seat how many people',
      'how many people can',
      'hold how many people',
      'accommodate how many people',
      'how many seats',
      'how many spectators',
    ],
    units: ['seats', 'seated', 'spectators'],
    numeric: true,
  },
  {
    id: 'price',
    terms: [
      'price',
      'cost',
      'costs',
      'how much',
      'cheap',
      'cheaper',
      'cheapest',
      'expensive',
      'per night',
      'rate',
      'fare',
      'fee',
    ],
    units: ['$', 'usd', 'eur', '€', '£', 'per night'],
    numeric: true,
  },
  {
    id: 'rating',
    terms: ['rating', 'rated', 'guest rating', 'review score', 'score', 'stars'],
    units: ['/ 5', '/5', 'out of 5'],
    numeric: true,
  },
  {
    id: 'sku',
    terms: ['sku', 'product code', 'item number', 'part number', 'article number', 'model number'],
    units: [],
    numeric: false,
  },
  {
    id: 'availability',
    terms: ['availability', 'available', 'in stock', 'stock', 'out of stock', 'sold out'],
    units: [],
    numeric: false,
  },
  {
    id: 'address',
    terms: ['address', 'located', 'location', 'where is'],
    units: [],
    numeric: false,
    shape: /\d/,
  },
  {
    id: 'elevation',
    terms: ['highest point', 'elevation', 'altitude', 'height', 'how high', 'tallest'],
    units: ['metres', 'meters', 'm', 'ft', 'feet'],
    numeric: true,
  },
  { id: 'language', terms: ['language', 'official language', 'spoken'], units: [], numeric: false },
];

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const termPattern = (term: string): RegExp => {
  const body = escape(term.toLowerCase());
  // symbols ($, %, km²) have no word boundary of their own
  const start = /^\w/.test(term) ? '\\b' : '';
  const end = /\w$/.test(term) ? '\\b' : '';
  return new RegExp(`${start}${body}${end}`, 'i');
};

/** How strongly `text` names `attribute`: the length of its longest matching term (0 = not at all). */
export function attributeScore(text: string, attribute: Attribute): number {
  let best = 0;
  for (const term of attribute.terms)
    if (term.length > best && termPattern(term).test(text)) best = term.length;
  return best;
}

/** The attribute a question or label names, the most specific match first; undefined when none. */
export function attributeOf(text: string): Attribute | undefined {
  let best: { attribute: Attribute; score: number } | undefined;
  for (const attribute of ATTRIBUTES) {
    const score = attributeScore(text, attribute);
    if (score > 0 && (!best || score > best.score)) best = { attribute, score };
  }
  return best?.attribute;
}

/** Does a page label (e.g. "Area (km²)") name the attribute, by its words or by its unit? */
export function labelNames(label: string, attribute: Attribute): boolean {
  if (attributeScore(label, attribute) > 0) return true;
  return attribute.units.some((u) => u.length > 1 && termPattern(u).test(label));
}

/**
 * The labels of a page's "label: value" lines (infobox rows, definition lists, table cells as
 * dom-understanding renders them), first occurrence first.
 */
export function pageLabels(texts: readonly string[]): string[] {
  const labels = new Set<string>();
  for (const text of texts) {
    for (const part of text.split(/;\s+/)) {
      const m = /^([^:]{2,60}):\s+\S/.exec(part.trim());
      if (m?.[1]) labels.add(m[1].trim());
    }
  }
  return [...labels];
}

/** The page's own label for the attribute a question asks about, when the page has one. */
export function pageLabelFor(attribute: Attribute, labels: readonly string[]): string | undefined {
  const matching = labels.filter((l) => labelNames(l, attribute));
  // prefer the label whose own best attribute is this one ("GDP per capita" is not "GDP")
  return matching.find((l) => attributeOf(l)?.id === attribute.id) ?? matching[0];
}
