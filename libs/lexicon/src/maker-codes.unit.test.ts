import { isMakerCodeLabel } from './maker-codes.js';

describe("a maker's code label", () => {
  it('is a model, part or style number, however the label is punctuated', () => {
    for (const label of [
      'Model Number:',
      'Model#',
      'model #',
      'Part #:',
      'Part No.',
      'Style',
      'MPN',
      'Référence fabricant',
      '型番',
      '모델번호',
    ])
      expect([label, isMakerCodeLabel(label)]).toEqual([label, true]);
  });

  it('is not the seller’s own code', () => {
    for (const label of ['SKU:', 'ASIN', 'Item #', 'Artikelnummer', 'Product code', 'Partner'])
      expect([label, isMakerCodeLabel(label)]).toEqual([label, false]);
  });
});
