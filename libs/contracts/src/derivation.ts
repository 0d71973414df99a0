import { z } from 'zod';
import { sourceSchema } from './source.js';

/**
 * How an answer that is not a span of any page was reached: "yes"/"no" read from what the pages say
 * about each entity the question names, or one of the options a question names chosen by comparing
 * what each option's page says. The answer's text is not on any page; its evidence is `sources`
 * (each a verbatim snippet at its XPath in its stored snapshot), and the answer is only as good as
 * those snippets: a verifier checks each of them, never the answer's text, as a quotation.
 */
export const answerDerivationSchema = z
  .object({
    kind: z.enum(['yes_no', 'choice', 'count', 'sum', 'average']).meta({
      description:
        'yes_no: "yes"/"no" from the entities\' pages; choice: the option the compared pages favour; count: how many listed items (each a support, each verified with its constraints) meet the request; sum/average: of one attribute over the selected items, each support the item\'s value as its page labels it ("Population: 859,887")',
    }),
    rule: z.string().min(1).max(300).meta({ description: 'The rule applied, in words (for the claim)' }),
    sources: z
      .array(sourceSchema.extend({ chunkId: z.string().max(100).optional() }))
      .min(1)
      .max(30)
      .meta({
        description:
          'The snippets the answer was derived from (one or more per entity/option, one per counted item)',
      }),
  })
  .meta({ title: 'AnswerDerivation' });
export type AnswerDerivation = z.infer<typeof answerDerivationSchema>;
