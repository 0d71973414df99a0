import { namesEntity, statesAboutOther, titleHead } from './entity-names.js';

describe('entity names', () => {
  it('names an entity by every word of its name that names something, diacritics aside', () => {
    expect(namesEntity('the capital of Velmóra', 'Velmora')).toBe(true);
    expect(namesEntity('Velmora North', 'the Velmora South')).toBe(false);
    expect(namesEntity('서울의 인구', '서울')).toBe(true);
  });

  it('reads a title without the site’s name', () => {
    expect(titleHead('Tassen – Encyclopedia')).toBe('Tassen');
    expect(titleHead('Tassen')).toBe('Tassen');
  });
});

describe('which entity a sentence states a value about', () => {
  const about = (text: string, value: string): boolean =>
    statesAboutOther({ text, value, asked: 'Velmora', other: 'Tassen' });

  it('is the entity named in the clause holding the value', () => {
    expect(
      about(
        'The census recorded 612,900 residents in Tassen, about 15% of the population of Velmora.',
        '612,900',
      ),
    ).toBe(true);
    expect(about('Tassen lies in Velmora, which has a population of 4,120,300 in all.', '4,120,300')).toBe(
      false,
    );
    expect(about('Velmora has 4,120,300 inhabitants, Tassen 612,900.', '4,120,300')).toBe(false);
  });

  it('is the sentence’s subject when the value’s clause names neither', () => {
    expect(about('Tassen, the largest city of Velmora, has 612,900 residents.', '612,900')).toBe(true);
    expect(about('In 2021, Velmora counted 4,120,300 people.', '4,120,300')).toBe(false);
  });

  it('reads the sentence holding the value in a longer text, and never the asked entity as another', () => {
    const text = 'Velmora is a country. The census recorded 612,900 residents in Tassen, its capital.';
    expect(about(text, '612,900')).toBe(true);
    expect(statesAboutOther({ text, value: '612,900', asked: 'Tassen', other: 'Tassen' })).toBe(false);
    expect(about(text, '999')).toBe(false);
  });
});
