// Writes README.md's settings table from the declarations of packages/config/src/settings.ts (built to dist).
import { readFile, writeFile } from 'node:fs/promises';
import { readmeWithSettingsTable } from '../dist/index.js';

const readme = new URL('../../../README.md', import.meta.url);
await writeFile(readme, readmeWithSettingsTable(await readFile(readme, 'utf8')));
console.log('README.md: settings table written');
