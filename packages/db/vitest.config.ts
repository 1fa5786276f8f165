import { defineConfig, mergeConfig } from 'vitest/config';
import { vitestConfig } from '../../vitest.shared.js';

export default mergeConfig(
  vitestConfig,
  defineConfig({
    test: {
      // Prepares the PGlite initdb cache once, before the test processes start.
      globalSetup: ['test/support/global-setup.ts'],
    },
  }),
);
