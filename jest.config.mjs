import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

// next-intl and a few other front-end packages are ESM only.
const esmPackages = ['next-intl', 'use-intl', '@formatjs', 'intl-messageformat', 'icu-minify'];

const shared = {
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  modulePathIgnorePatterns: ['<rootDir>/.next/', '<rootDir>/.next-[^/]*/', '<rootDir>/data/'],
  testPathIgnorePatterns: ['/node_modules/', '/.next/', '/.next-[^/]*/', '/tests/e2e/'],
};

const unit = await createJestConfig({
  ...shared,
  displayName: 'unit',
  testEnvironment: '<rootDir>/tests/setup/jsdom-environment.js',
  setupFiles: ['<rootDir>/tests/setup/jsdom-polyfills.ts'],
  setupFilesAfterEach: undefined,
  setupFilesAfterEnv: ['<rootDir>/tests/setup/jest-dom.ts'],
  testMatch: [
    '<rootDir>/tests/unit/**/*.test.ts?(x)',
    '<rootDir>/components/**/*.test.tsx',
    '<rootDir>/lib/**/*.test.ts',
  ],
})();

const api = await createJestConfig({
  ...shared,
  displayName: 'api',
  testEnvironment: '<rootDir>/tests/setup/api-environment.js',
  testMatch: ['<rootDir>/blade/**/*.test.ts', '<rootDir>/tests/api/**/*.test.ts'],
})();

for (const project of [unit, api]) {
  project.transformIgnorePatterns = [
    `/node_modules/(?!(${esmPackages.join('|')})/)`,
    '^.+\\.module\\.(css|sass|scss)$',
  ];
  delete project.setupFilesAfterEach;
}

// testTimeout is global in Jest (ignored per project): PGlite's first open and argon2 need more than 5 s on 2 cores.
// A worker keeps 15-30 MB of each API test file it has run (its heap reached 2.3 GB over the suite's 72 files), and its
// collector then takes ever longer; a worker past 350 MB is replaced between files. Measured on one 2-core machine,
// warm: the API suite in 265 s with it, 745 s without, 346 s replacing the worker after every file.
const config = { projects: [unit, api], maxWorkers: 2, testTimeout: 60000, workerIdleMemoryLimit: '350MB' };

export default config;
