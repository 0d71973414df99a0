import { tempDir } from '@forage/testing';
import { EX_UNAVAILABLE } from '../commands/exit-codes.js';
import { withStack } from './connect.js';

describe('withStack', () => {
  it('refuses with EX_UNAVAILABLE, naming the command and the directory, when no stack runs there', async () => {
    const data = tempDir('forage-connect-');
    const warnings: string[] = [];
    let ran = false;
    try {
      const code = await withStack(
        { dataDir: data.path, command: 'memory', warn: (l) => warnings.push(l) },
        () => {
          ran = true;
          return Promise.resolve(0);
        },
      );
      expect(code).toBe(EX_UNAVAILABLE);
      expect(ran).toBe(false);
      expect(warnings).toEqual([
        `forage memory: no running stack in ${data.path}; start one with \`forage up\`, or name a deployed one with --nats URL --creds FILE`,
      ]);
    } finally {
      data.remove();
    }
  });
});
