/**
 * Headings that name a kind of information about the page's own item — its details, its
 * specification, its description — not another item. A box of a product page titled so is a section
 * of that product, however much it looks like one card among several. Written from general
 * knowledge of each language the lexicon covers, lower case; a heading matches when, without its
 * punctuation, it is one of these or one of these after a word for the item ("product details").
 */
const SECTION_WORDS: readonly string[] = [
  // en
  'details',
  'specifications',
  'specs',
  'technical details',
  'technical specifications',
  'description',
  'information',
  'info',
  'features',
  'key features',
  'overview',
  'about this item',
  'additional information',
  'more information',
  'dimensions',
  'highlights',
  // de
  'produktdetails',
  'produktbeschreibung',
  'produktinformationen',
  'beschreibung',
  'technische daten',
  'eigenschaften',
  'merkmale',
  'details zum produkt',
  // fr
  'détails',
  'description du produit',
  'caractéristiques',
  'caractéristiques techniques',
  'fiche technique',
  'informations',
  // es
  'detalles',
  'descripción',
  'especificaciones',
  'características',
  'ficha técnica',
  'información',
  // it
  'dettagli',
  'descrizione',
  'specifiche',
  'caratteristiche',
  'scheda tecnica',
  'informazioni',
  // pt
  'detalhes',
  'descrição',
  'especificações',
  'ficha técnica',
  'informações',
  // nl
  'beschrijving',
  'specificaties',
  'kenmerken',
  'productinformatie',
  // pl
  'szczegóły',
  'opis',
  'specyfikacja',
  'dane techniczne',
  'informacje',
  // ru
  'описание',
  'характеристики',
  'подробности',
  'информация',
  // ro
  'detalii',
  'descriere',
  'specificații',
  'caracteristici',
  // sv
  'detaljer',
  'beskrivning',
  'specifikationer',
  'produktinformation',
  // et
  'kirjeldus',
  'tehnilised andmed',
  'omadused',
  // ja
  '商品詳細',
  '商品説明',
  '商品情報',
  '仕様',
  '詳細',
  // ko
  '상품정보',
  '상품 정보',
  '상세정보',
  '상세 정보',
  '사양',
  // zh
  '商品详情',
  '产品详情',
  '商品介绍',
  '规格参数',
  '规格',
  '详情',
];
const SECTIONS = new Set(SECTION_WORDS);

/** Words for "the item" that may stand before a section word ("product details", "produit détails"). */
const ITEM_WORDS =
  /^(?:product|item|the|this|produkt|artikel|produit|article|producto|artículo|prodotto|articolo|produto|artigo|товар|produs|toode)\s+/u;

/** Whether a heading names a section about the page's own item (its details, specs, description). */
export function isSectionTitle(heading: string): boolean {
  const text = heading
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return false;
  return SECTIONS.has(text) || SECTIONS.has(text.replace(ITEM_WORDS, ''));
}
