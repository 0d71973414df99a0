// Lint: typescript-eslint strict type-checked rules, and module boundaries between apps and libs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import { forageBoundaries } from './tools/lint/boundaries.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.nx/**', '.forage/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-extraneous-class': 'off', // Nest modules are classes with decorators only
      // Nest declares its option bags as classes; object literals are how its own docs pass them
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/elements': [
        { type: 'app', pattern: 'apps/*', capture: ['name'] },
        { type: 'lib', pattern: 'libs/*', capture: ['name'] },
        { type: 'e2e', pattern: 'tests' },
        { type: 'tooling', pattern: 'tools/*' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            // inside one project anything goes
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { type: 'app', captured: { name: '{{from.captured.name}}' } } } },
            },
            { from: { element: { type: 'lib' } }, allow: { to: { element: { type: 'lib' } } } },
            // apps use libs; apps never import apps; libs never import apps
            { from: { element: { type: 'app' } }, allow: { to: { element: { type: 'lib' } } } },
            // end-to-end tests and tooling may start services through their entry points
            {
              from: { element: { type: 'e2e' } },
              allow: { to: { element: { types: { anyOf: ['app', 'lib', 'e2e'] } } } },
            },
            {
              from: { element: { type: 'tooling' } },
              allow: { to: { element: { types: { anyOf: ['app', 'lib', 'tooling'] } } } },
            },
            // third-party packages
            { allow: { to: { module: { origin: 'external' } } } },
            { allow: { to: { module: { origin: 'core' } } } },
          ],
        },
      ],
    },
  },
  // The architecture's boundaries (tools/lint/boundaries.js; tests/lint-boundaries.unit.test.ts).
  // Relative imports stay inside their project; what crosses goes through '@forage/<lib>'.
  // tests/ is exempt: its end-to-end scenarios start several services in-process and check one
  // service's core against another's, which is what they are for. So is this file, which loads
  // the rules from tools/lint (not a package).
  {
    files: ['**/*.{ts,mts,cts,js,mjs,cjs}'],
    ignores: ['tests/**', 'eslint.config.js'],
    plugins: { forage: forageBoundaries },
    rules: { 'forage/project-boundaries': 'error' },
  },
  // core/ is pure logic: no adapters, handlers, HTTP, wiring, Nest or I/O modules, type-only
  // imports included. Integration tests of a core (*.int.test.ts) are exempt: they drive it with
  // the real thing (Chromium, an LLM client); its unit tests are held to the rule.
  {
    files: ['{apps,libs}/*/src/**/core/**/*.{ts,mts,cts,js,mjs,cjs}'],
    ignores: ['**/*.int.test.ts'],
    plugins: { forage: forageBoundaries },
    rules: { 'forage/pure-core': 'error' },
  },
  {
    files: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
