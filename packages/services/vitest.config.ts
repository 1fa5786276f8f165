import { defineConfig, mergeConfig } from 'vitest/config';
import { vitestConfig } from '../../vitest.shared.js';

/**
 * The seal migration's test checks the refusal in a process with no encryption key yet, so it runs on a module
 * graph of its own; the other files share one (`isolate: false`), where an earlier file may have set a key.
 */
const NEEDS_FRESH_PROCESS = 'seal-migration';

export default mergeConfig(
  vitestConfig,
  defineConfig({
    test: {
      // Prepares the PGlite initdb cache once, before the test processes start.
      globalSetup: ['test/support/global-setup.ts'],
      projects: [
        { extends: true, test: { name: 'services', exclude: [`test/${NEEDS_FRESH_PROCESS}.test.ts`] } },
        // An `include` would add up with the shared one, so this project excludes every other file instead.
        {
          extends: true,
          test: {
            name: 'services-fresh-process',
            exclude: ['src/**', `test/!(${NEEDS_FRESH_PROCESS}).test.ts`],
            isolate: true,
          },
        },
      ],
    },
  }),
);
