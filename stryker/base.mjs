// Settings every mutation group shares; each group names its files, tests and vitest config.
export function defineGroup({ name, mutate, vitestConfig }) {
  return {
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner'],
    vitest: { configFile: vitestConfig, related: false },
    mutate,
    coverageAnalysis: 'perTest',
    // Build output and browser profiles are not needed to run unit tests; copying them slows each start.
    ignorePatterns: ['.output', '.e2e-out', '.demo-out', 'coverage', 'web-ext-artifacts', 'reports'],
    // The machine is shared: one test process at a time keeps the run polite.
    concurrency: 1,
    incremental: true,
    incrementalFile: `.stryker-tmp/incremental-${name}.json`,
    tempDirName: '.stryker-tmp',
    cleanTempDir: 'always',
    reporters: ['clear-text', 'progress', 'html', 'json'],
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
    thresholds: { high: 90, low: 85, break: null },
    timeoutMS: 10_000,
    // The first run of all the group's tests, on a machine others share, may take longer than the default 5 minutes.
    dryRunTimeoutMinutes: 20,
  };
}
