import { isSectionTitle } from './section-titles.js';

describe('a section title of the page’s own item', () => {
  it('names a kind of information, in the lexicon’s languages, however it is punctuated', () => {
    for (const heading of [
      'Product details',
      'Specifications',
      'Technische Daten:',
      'Caractéristiques techniques',
      'Descripción',
      'Scheda tecnica',
      'Описание',
      '商品詳細',
      '상세 정보',
      '规格参数',
      'About this item',
    ])
      expect([heading, isSectionTitle(heading)]).toEqual([heading, true]);
  });

  it('is not an item’s name, a heading about other items, or a sentence that merely holds a section word', () => {
    for (const heading of [
      'Larch Pot Set',
      'Related products',
      'Customers also bought',
      'Details of the east wing',
      'Product',
      '',
    ])
      expect([heading, isSectionTitle(heading)]).toEqual([heading, false]);
  });
});
