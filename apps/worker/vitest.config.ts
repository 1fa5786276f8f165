import { defineConfig, mergeConfig } from 'vitest/config';
import { vitestConfig } from '../../vitest.shared.js';

export default mergeConfig(
  vitestConfig,
  defineConfig({
    test: {
      // Prepares the PGlite initdb cache once, before the test processes start.
      globalSetup: ['test/support/global-setup.ts'],
      // The files mostly wait (for workers, child processes, the database): two at a time even on 2 cores.
      maxWorkers: 2,
    },
  }),
);
