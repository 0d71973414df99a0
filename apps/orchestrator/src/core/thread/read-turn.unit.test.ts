import type { InputQuestion, ThreadTurn } from '@forage/contracts';
import type { Activities, StepReport } from '../activities.js';
import { planHeuristically } from '../plan/heuristic-planner.js';
import { readThreadTurn, REFERENT_KEY } from './read-turn.js';
import { turnOf } from './turn-record.js';

const THREAD = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
const at = '2026-01-05T10:00:00.000Z';

/** Turns as a finished run records them: from its plan and its report. */
function recorded(input: {
  n: number;
  question: string;
  answer: string | null;
  items?: string[];
}): ThreadTurn {
  return turnOf({
    runId: `00000000-0000-4000-8000-00000000000${String(input.n)}`,
    turn: input.n,
    asked: input.question,
    plan: planHeuristically({ question: input.question }),
    report: {
      answer: input.answer,
      items: (input.items ?? []).map((name, i) => ({
        name,
        rank: i + 1,
        status: 'verified',
        url: 'https://x.example/',
        evidenceId: 'e',
      })),
    },
    at,
  });
}

function fakeActs(answers?: ReadonlyMap<string, string>) {
  const asked: InputQuestion[][] = [];
  const steps: StepReport[] = [];
  const acts: Pick<Activities, 'askUser' | 'report'> = {
    askUser: (input) => {
      asked.push([...input.questions]);
      expect(input.details).toEqual([]); // the referent is never kept in the memory bank
      return Promise.resolve(answers);
    },
    report: (step) => {
      steps.push(step);
      return Promise.resolve();
    },
  };
  return { acts, asked, steps };
}

describe('a finished run’s turn', () => {
  it('keeps what was asked, the planner’s subject and attribute, and the answer', () => {
    expect(
      recorded({ n: 1, question: 'What is the capital of Velmoria?', answer: 'Ostrinport' }),
    ).toMatchObject({
      turn: 1,
      question: 'What is the capital of Velmoria?',
      subjects: ['Velmoria'],
      attribute: 'capital',
      answer: 'Ostrinport',
      items: [],
    });
  });

  it('keeps a listing’s items in the order shown', () => {
    const turn = recorded({
      n: 1,
      question: 'Hotels in Dunmarra under $150',
      answer: 'A; B',
      items: ['Pellow House', 'Aster Rooms'],
    });
    expect(turn.items).toEqual(['Pellow House', 'Aster Rooms']);
  });
});

describe('readThreadTurn: the step before planning', () => {
  const turns = [
    recorded({ n: 1, question: 'What is the population of Velmoria?', answer: '2,340,000' }),
    recorded({ n: 2, question: 'What is the capital of Velmoria?', answer: 'Ostrinport' }),
  ];

  it('a question without references goes on as it is, as a new turn', async () => {
    const { acts, asked, steps } = fakeActs();
    const read = await readThreadTurn({
      threadId: THREAD,
      question: 'What is the area of Karsland?',
      turns,
      acts,
    });
    expect(read).toEqual({
      status: 'ready',
      question: 'What is the area of Karsland?',
      thread: { threadId: THREAD, turn: 3, readings: [] },
    });
    expect(asked).toEqual([]);
    expect(steps).toEqual([]);
  });

  it('reads the references against the turns, reports how, and keeps what was asked', async () => {
    const { acts, steps } = fakeActs();
    const read = await readThreadTurn({
      threadId: THREAD,
      question: 'How many people live there?',
      turns,
      acts,
    });
    expect(read).toMatchObject({
      status: 'ready',
      question: 'How many people live in Ostrinport?',
      thread: {
        turn: 3,
        asked: 'How many people live there?',
        readings: [{ reference: 'there', value: 'Ostrinport', turn: 2 }],
      },
    });
    expect(steps).toEqual([
      expect.objectContaining({
        step: 'plan',
        status: 'succeeded',
        detail: expect.stringContaining("'there' = Ostrinport, from turn 2") as unknown,
      }),
    ]);
  });

  it('asks back a reference nothing settles, and reads the answer as it', async () => {
    const { acts, asked } = fakeActs(new Map([[REFERENT_KEY, 'Karsland']]));
    const read = await readThreadTurn({
      threadId: THREAD,
      question: 'And what is its capital?',
      turns: [],
      acts,
    });
    expect(asked).toEqual([[expect.objectContaining({ key: REFERENT_KEY, kind: 'text', sensitive: false })]]);
    expect(read).toMatchObject({
      status: 'ready',
      question: 'What is the capital of Karsland?',
      thread: { turn: 1, readings: [{ reference: 'its', value: 'Karsland', turn: null }] },
    });
  });

  it('does not guess when the user gives no answer', async () => {
    const { acts, steps } = fakeActs(undefined);
    const read = await readThreadTurn({
      threadId: THREAD,
      question: 'What is the price of the second one?',
      turns,
      acts,
    });
    expect(read.status).toBe('unsettled');
    expect(read.status === 'unsettled' && read.reason).toContain('"the second one"');
    expect(steps).toEqual([expect.objectContaining({ step: 'plan', status: 'failed' })]);
  });
});
