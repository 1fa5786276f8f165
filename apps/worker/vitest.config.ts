import { defineConfig, mergeConfig } from 'vitest/config';
import { vitestConfig } from '../../vitest.shared.js';

export default mergeConfig(
  vitestConfig,
  defineConfig({
    test: {
      // Prepares the PGlite initdb cache once, before the test processes start.
      globalSetup: ['test/support/global-setup.ts'],
      // Each file opens its own database and installs pg-boss in beforeAll; on a busy machine that can pass 10 s.
      hookTimeout: 60_000,
      // The files mostly wait (for workers, child processes, the database): two at a time even on 2 cores.
      maxWorkers: 2,
    },
  }),
);
