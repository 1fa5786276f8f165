import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readmeWithSettingsTable, SETTINGS } from '../src/index.js';

describe('README.md', () => {
  it('shows the settings table made from the declarations (pnpm --filter @svc/config readme writes it)', async () => {
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toBe(readmeWithSettingsTable(readme));
    for (const name of Object.keys(SETTINGS)) expect(readme).toContain(`| \`${name}\` |`);
  });
});
