import { setQuestionOf } from './sets.js';

describe('a sum or average over the top of an order', () => {
  it.each([
    ['What is the total population of the three smallest countries?', 'population', 3, 'area', 'asc'],
    ['What is the combined area of the two most populous provinces?', 'area', 2, 'population', 'desc'],
    ['What is the average price of the four cheapest hotels in Tirvane?', 'price', 4, 'price', 'asc'],
  ])('%s', (question, attribute, count, by, direction) => {
    const set = setQuestionOf(question);
    expect(set?.operation).toEqual({ kind: expect.stringMatching(/sum|average/) as unknown, attribute });
    expect(set?.constraints).toMatchObject({ count, order: { by, direction } });
  });

  it('a sum over a whole set is not ordered', () => {
    expect(
      setQuestionOf('What is the average price of hotels in Tirvane?')?.constraints.order,
    ).toBeUndefined();
  });
});
