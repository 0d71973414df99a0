/**
 * Labels that name a maker's code for a product (model, part or style number) rather than the
 * seller's own stock unit (SKU, item number, a marketplace's item id). Both are product codes; when
 * a page states both, the seller's is the item's SKU. Written from general knowledge of each
 * language, lower case.
 */
const MAKER_CODE_LABELS: readonly string[] = [
  // en
  'model',
  'model number',
  'model no',
  'model #',
  'item model number',
  'part number',
  'part no',
  'part #',
  'mpn',
  'manufacturer part number',
  'style',
  'style number',
  // de
  'modell',
  'modellnummer',
  'herstellernummer',
  'hersteller-artikelnummer',
  // fr
  'modèle',
  'numéro de modèle',
  'référence fabricant',
  'référence du fabricant',
  // es, pt, it
  'modelo',
  'número de modelo',
  'número do modelo',
  'referencia del fabricante',
  'modello',
  'numero modello',
  'codice produttore',
  // nl, pl, ru
  'modelnummer',
  'typenummer',
  'numer modelu',
  'модель',
  // ja, ko, zh
  '型番',
  'モデル',
  '모델명',
  '모델번호',
  '型号',
  '型號',
];

/** Whether a label ("Model Number:", "Référence fabricant") names a maker's code, not the seller's stock unit. */
export function isMakerCodeLabel(label: string): boolean {
  const text = label
    .toLowerCase()
    .replace(/[\s:：.]+$/u, '')
    .replace(/\s*#/gu, ' #')
    .replace(/\s+/g, ' ')
    .trim();
  return MAKER_CODE_LABELS.some((l) => text === l || text.startsWith(`${l} `));
}
