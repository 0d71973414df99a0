/** One Jest run over every project: unit tests (*.unit.test.ts) and integration tests (*.int.test.ts). */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { swcrc: true }] },
  moduleNameMapper: {
    '^@forage/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
    '^@forage/([a-z-]+)/([a-z-]+)$': '<rootDir>/libs/$1/src/$2.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/{apps,libs,tests,tools}/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 60_000,
  maxWorkers: 2,
};
