import { choiceOptions } from './choice.js';

describe('the options a question names', () => {
  it.each([
    ['Which is cheaper, the Old Compass or Harbour View?', ['Old Compass', 'Harbour View']],
    ['Who is older, Mara Sten or Ilo Varga?', ['Mara Sten', 'Ilo Varga']],
    ['Which band, Copper Lanterns or Quiet Ferns, had more members?', ['Copper Lanterns', 'Quiet Ferns']],
    ['Which dog: the Marsh Terrier or the Fell Collie?', ['Marsh Terrier', 'Fell Collie']],
  ])('reads the options of %s', (question, options) => {
    expect(choiceOptions(question)).toEqual(options);
  });

  it.each(['Is it open on Sundays or Mondays', 'What is the capital of Veloria?', 'tea or coffee?', ''])(
    'finds none in %j',
    (question) => {
      expect(choiceOptions(question)).toBeUndefined();
    },
  );
});
