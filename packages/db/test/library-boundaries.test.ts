import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every TypeScript source of the workspace's packages and apps (not their tests, builds or dependencies). */
async function sources(): Promise<string[]> {
  const files: string[] = [];
  for (const group of ['packages', 'apps']) {
    for (const entry of await readdir(join(ROOT, group), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const src = join(ROOT, group, entry.name, 'src');
      const listed = await readdir(src, { recursive: true }).catch(() => []);
      files.push(
        ...listed.filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts')).map((file) => join(src, file)),
      );
    }
  }
  return files;
}

/**
 * What reaches into TypeORM or pg-boss past their public API: a module of theirs imported by its file path, TypeORM's
 * driver (and node-postgres' pool behind it), or a statement of pg-boss kept to run elsewhere.
 */
const INTERNALS: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'a TypeORM or pg-boss module imported by path', pattern: /from '(typeorm|pg-boss)\/[^']*'/ },
  { what: "TypeORM's driver", pattern: /\.driver\b/ },
  { what: "the driver's pool", pattern: /\.master\b/ },
  { what: "pg-boss's SQL captured", pattern: /executeSql[^\n]*=>[^\n]*\bkept\b|jobInsertStatement/ },
];

describe('library boundaries', () => {
  it('use TypeORM and pg-boss through their public API only: no driver, no module by path, no captured statement', async () => {
    const found: string[] = [];
    for (const file of await sources()) {
      // Code only: comments may name what they do not use.
      const text = (await readFile(file, 'utf8'))
        .split('\n')
        .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
        .join('\n');
      for (const { what, pattern } of INTERNALS) if (pattern.test(text)) found.push(`${relative(ROOT, file)}: ${what}`);
    }
    expect(found).toEqual([]);
  });
});
