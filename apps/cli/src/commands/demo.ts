import { generateSandbox, sandboxFacts, type CountryFact } from '@forage/sandbox';
import { ask } from '../ask/ask.js';
import { removeRunningSettings } from '../settings/running-settings.js';
import { bringUp, type UpOptions } from './up.js';

/**
 * A question the sandbox web answers, taken from the generator's ground truth (not hard-coded).
 * The figure appears only after a reader expands a collapsed panel, so the run uses every service.
 */
export function demoQuestion(): { question: string; expected: string; expectedDigits: string } {
  const country = sandboxFacts(generateSandbox()).find((f): f is CountryFact => f.kind === 'country');
  if (!country) throw new Error('the sandbox has no countries');
  return {
    question: `What is the GDP per capita of ${country.name}?`,
    expected: `$${country.gdpPerCapitaUsd.toLocaleString('en-US')}`,
    expectedDigits: String(country.gdpPerCapitaUsd),
  };
}

/** `forage demo`: start the stack, answer one question end to end, stop the stack. */
export async function demo(options: UpOptions & { question: string | undefined }): Promise<number> {
  const fallback = demoQuestion();
  const question = options.question ?? fallback.question;
  console.log('Starting Forage on the embedded defaults (nats-server, PGlite, sandbox web)…');
  const stack = await bringUp(options);
  try {
    console.log(`\n? ${question}`);
    const done = await ask({
      gatewayUrl: stack.state.gatewayUrl,
      question,
      print: (l) => {
        console.log(l);
      },
    });
    if (!options.question) {
      const matches = done.answer?.text.replace(/\D/g, '') === fallback.expectedDigits;
      console.log(
        `\nSandbox ground truth: ${fallback.expected} (${matches ? 'matches' : 'DOES NOT match'} the answer)`,
      );
    }
    return done.answer ? 0 : 2;
  } finally {
    console.log('\nStopping Forage…');
    await stack.stop();
    removeRunningSettings(options.dataDir);
  }
}
