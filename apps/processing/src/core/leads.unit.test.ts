import { aSourcedChunk } from '@forage/testing';
import { answerHeuristically } from './heuristic-answer.js';
import { bridgeLeads } from './leads.js';
import { analyzeQuestion } from './question.js';

const page = (id: string, title: string, text: string) =>
  aSourcedChunk({ chunkId: id, url: `https://pages.test/${id}`, title, text, headingPath: [title] });

const film = page(
  'f',
  'Stone Hollow (film)',
  'Stone Hollow is a 2014 American romantic comedy film written and directed by Adria Tolland. It was shot in Virginia.',
);
const question = 'The director of the romantic comedy "Stone Hollow" is based in what city?';
const leads = (q: string, chunks = [film]) =>
  bridgeLeads({ questionText: q, question: analyzeQuestion(q), chunks });

describe('leads for a second hop', () => {
  it("names what the subject's page mentions beside the question's terms, with the words it does not state", () => {
    expect(leads(question)[0]).toEqual({ name: 'Adria Tolland', query: 'Adria Tolland director based city' });
  });

  it('leads first to the other things the question names whose pages were not read, the last named first', () => {
    const q = 'The film Stone Hollow was shot by Rae Lin at Orbit Studios, which was founded in what year?';
    expect(leads(q).slice(0, 2)).toEqual([
      { name: 'Orbit Studios', query: 'Orbit Studios founded year' },
      { name: 'Rae Lin', query: 'Rae Lin founded year' },
    ]);
  });

  it("offers no country, people's adjective or name of the question, and none without a subject's page", () => {
    const names = leads(question).map((l) => l.name);
    expect(names).not.toContain('American');
    expect(names).not.toContain('Virginia');
    expect(names.some((n) => n.includes('Stone Hollow'))).toBe(false);
    expect(leads('Which director is based in what city?')).toEqual([]);
  });

  it('are not offered for a yes/no question or one naming its options', () => {
    for (const q of [
      'Was Stone Hollow directed by a woman?',
      'Which film is older, Stone Hollow or Big Hollow?',
    ])
      expect(
        answerHeuristically({ question: q, chunks: [film], maxAnswers: 1, minConfidence: 0 }).leads,
      ).toBeUndefined();
  });

  it('travel with an unsure answer, and lead to the answer once their page is read', () => {
    const unsure = answerHeuristically({ question, chunks: [film], maxAnswers: 1, minConfidence: 0 });
    expect(unsure.answers[0]?.confidence ?? 0).toBeLessThan(0.6);
    expect(unsure.leads?.[0]?.name).toBe('Adria Tolland');
    const director = page('d', 'Adria Tolland', 'Adria Tolland is a film director based in Harlow Bay.');
    const found = answerHeuristically({
      question,
      chunks: [film, director],
      maxAnswers: 1,
      minConfidence: 0,
    });
    expect(found.answers[0]?.text).toBe('Harlow Bay');
    if ((found.answers[0]?.confidence ?? 0) >= 0.6) expect(found.leads).toBeUndefined();
  });
});
