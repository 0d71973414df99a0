// Lint: typescript-eslint strict type-checked rules, and module boundaries between apps and libs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';

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
  {
    files: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
