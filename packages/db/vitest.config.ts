import { defineConfig, mergeConfig } from 'vitest/config';
import { vitestConfig } from '../../vitest.shared.js';

export default mergeConfig(
  vitestConfig,
  defineConfig({
    test: {
      // Prepares the PGlite initdb cache once, before the test processes start.
      globalSetup: ['test/support/global-setup.ts'],
      // Each file opens its own database and installs pg-boss in beforeAll; on a busy machine that
      // can pass the default 10 s hook timeout.
      hookTimeout: 60_000,
    },
  }),
);
