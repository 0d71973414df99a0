// The architecture's boundaries are lint rules (tools/lint/boundaries.js, wired in eslint.config.js).
// This lints small snippets at made-up paths with the real eslint.config.js, so a rule that stops
// matching — a renamed glob, a dropped config entry — fails here instead of passing silently.
import { join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';

const root = join(import.meta.dirname, '..');

let eslint: ESLint;

beforeAll(async () => {
  const { default: config } = (await import(join(root, 'eslint.config.js'))) as {
    default: Linter.Config[];
  };
  // The snippets are not in any tsconfig, so the type-checked rules are switched off; the
  // boundary rules read import specifiers and paths only.
  const untyped = { files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked } as Linter.Config;
  eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: [...config, untyped] });
});

/** The forage/* rules that fire on `code` placed at `file` (relative to the repo root). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  const messages = result?.messages ?? [];
  const fatal = messages.filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(`snippet does not parse: ${fatal[0]?.message ?? ''}`);
  return messages.filter((m) => m.ruleId?.startsWith('forage/')).map((m) => m.ruleId ?? '');
}

const importing = (specifier: string) => `import * as m from '${specifier}';\nexport const n = m;\n`;

describe('forage/pure-core: core/ imports no I/O, Nest, adapters, handlers or HTTP', () => {
  it.each([
    'node:fs',
    'fs',
    'node:fs/promises',
    'node:net',
    'http',
    'node:https',
    'node:child_process',
    '@nestjs/common',
    'nats',
    '@nats-io/jetstream',
    'playwright-core',
    'pg',
    '@electric-sql/pglite',
    'openai',
    '../adapters/store.js',
    '../handlers/extract.handler.js',
    '../http/runs.controller.js',
    '../app.module.js',
  ])('rejects %s in apps/x/src/core', async (specifier) => {
    expect(await boundaryErrors('apps/x/src/core/a.ts', importing(specifier))).toEqual(['forage/pure-core']);
  });

  it('rejects type-only, dynamic and re-exported imports too', async () => {
    const code = [
      "import type { Store } from '../adapters/store.js';",
      "export * from '../handlers/h.js';",
      "export const load = () => import('node:fs');",
      'export type S = Store;',
    ].join('\n');
    expect(await boundaryErrors('apps/x/src/core/a.ts', code)).toEqual([
      'forage/pure-core',
      'forage/pure-core',
      'forage/pure-core',
    ]);
  });

  it('holds in nested cores, in libs and in unit tests of a core', async () => {
    expect(await boundaryErrors('apps/x/src/crawl/core/a.ts', importing('../adapters/r.js'))).toEqual([
      'forage/pure-core',
    ]);
    expect(await boundaryErrors('libs/y/src/core/a.ts', importing('node:http'))).toEqual([
      'forage/pure-core',
    ]);
    expect(await boundaryErrors('apps/x/src/core/a.unit.test.ts', importing('node:fs'))).toEqual([
      'forage/pure-core',
    ]);
  });

  it.each(['zod', 'node:crypto', 'node:path', '@forage/contracts', './rank.js', '../errors.js'])(
    'allows %s in apps/x/src/core',
    async (specifier) => {
      expect(await boundaryErrors('apps/x/src/core/a.ts', importing(specifier))).toEqual([]);
    },
  );

  it('lets adapters and handlers do I/O, and integration tests of a core use the real thing', async () => {
    expect(await boundaryErrors('apps/x/src/adapters/a.ts', importing('node:fs'))).toEqual([]);
    expect(await boundaryErrors('apps/x/src/handlers/a.ts', importing('@nestjs/common'))).toEqual([]);
    expect(await boundaryErrors('apps/x/src/core/a.int.test.ts', importing('playwright-core'))).toEqual([]);
  });
});

describe('forage/project-boundaries: relative imports stay in their project', () => {
  it.each([
    ['apps/x/src/handlers/a.ts', '../../../y/src/core/b.js'], // app into another app
    ['apps/x/src/a.ts', '../../../libs/html/src/text.js'], // app into a lib's files
    ['libs/a/src/a.ts', '../../b/src/x.js'], // lib into another lib's files
    ['libs/a/src/a.ts', '../../../apps/y/src/config.js'], // lib into an app
    ['tools/bench/src/a.ts', '../../../libs/html/src/text.js'],
    ['scripts/a.mjs', '../libs/config/dist/index.js'], // root scripts use the package name
    ['apps/x/src/a.ts', '@forage/app-y'], // apps never import apps, by name either
    ['libs/a/src/a.ts', '@forage/app-y'],
    ['apps/x/src/a.ts', '@forage/html/src/text.js'], // a lib's files, not its entry point
  ])('rejects %s importing %s', async (file, specifier) => {
    expect(await boundaryErrors(file, importing(specifier))).toEqual(['forage/project-boundaries']);
  });

  it.each([
    ['apps/x/src/handlers/a.ts', '../core/b.js'],
    ['apps/x/src/a.ts', '@forage/html'],
    ['apps/x/src/a.ts', '@forage/messaging/stack'], // a declared subpath export
    ['tools/bench/src/a.ts', '@forage/app-y'], // benches drive services in-process
    ['tests/a.int.test.ts', '../apps/y/src/service.js'], // end-to-end scenarios are exempt
  ])('allows %s importing %s', async (file, specifier) => {
    expect(await boundaryErrors(file, importing(specifier))).toEqual([]);
  });
});
