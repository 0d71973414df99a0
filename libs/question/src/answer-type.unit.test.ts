import { answerTypeOf } from './answer-type.js';

/** Phrasings written from the grammar of English questions, about invented things. */
describe('the answer type of a question', () => {
  it.each([
    // who: a person — unless it asks what someone is, or "who" opens a relative clause
    ['Who founded the harbour bank?', 'person'],
    ['Who is the release manager?', 'person'],
    ['Who was the first mayor of the town?', 'person'],
    ['The band was formed by who?', 'person'],
    ['To whom was the prize given?', 'person'],
    ['Who wrote the song and who sang it first?', 'person'],
    ['Who is Ada Lovelace?', 'definition'],
    ['What office was held by the woman who painted the mural?', 'text'],
    ['What is the motto of the college whose campus is in Orrin?', 'text'],
    // what / which: a name, a place, a date, a quantity
    ['Which currency does Veloria use?', 'text'],
    ['What is the national anthem of Veloria?', 'text'],
    ['What is the name of the ferry that runs at the highest speed?', 'name'],
    ['When was the bridge opened?', 'date'],
    ['In what year did the war end?', 'date'],
    ['The coach who signed him led the club during what timeframe?', 'date'],
    ['Where is the Grand Hotel?', 'place'],
    ['In which country is the Tarn valley?', 'place'],
    ['Which Nordic city hosts the festival?', 'place'],
    ['The fort guards the south side of what coastal area?', 'place'],
    ['What surface area does the lake cover?', 'number'],
    ['What is the population of Veloria?', 'number'],
    ['What is the price of the lantern?', 'money'],
    // how: a count, an amount of money, a measure
    ['How many rooms does the hotel have?', 'count'],
    ['How much does a night at the Grand Hotel cost?', 'money'],
    ['How tall is the lighthouse?', 'number'],
    ['How old was the captain?', 'number'],
    // yes or no; a choice between named options is not
    ['Does the Grand Hotel have free parking?', 'boolean'],
    ['Is the museum open on Sundays?', 'boolean'],
    ['Is the tent green or blue?', 'text'],
    // what a thing is, what a word means
    ['What is photosynthesis?', 'definition'],
    ['What does GDP mean?', 'definition'],
    ['Define tessellation', 'definition'],
    // several things
    ['List the hotels in Portavel with a pool', 'list'],
    ['Name all the rivers that cross Veloria', 'list'],
    ['Which hotels are in Portavel?', 'list'],
    ['Recommend three tents for winter', 'list'],
  ])('%s → %s', (question, type) => {
    expect(answerTypeOf(question)).toBe(type);
  });

  it.each([
    ['How many people live in Tassen?', 'population', 'number'],
    ['How much does the stove weigh?', 'weight', 'number'],
    ['How much is the stove?', 'price', 'money'],
    ['What is the capital of Veloria?', 'capital', 'place'],
    ['Who designed the valve?', 'designer', 'person'],
    ['What is the SKU of this product?', 'sku', 'name'],
    ['What is the address of the museum?', 'address', 'place'],
  ])('%s, asking the %s → %s', (question, attribute, type) => {
    expect(answerTypeOf(question, attribute)).toBe(type);
  });

  it('reads odd spacing and punctuation as nothing', () => {
    expect(answerTypeOf('  How   many\n rooms?!')).toBe('count');
    expect(answerTypeOf('')).toBe('text');
  });
});
