import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Every TypeScript source of the workspace's packages and apps (not their builds or dependencies); their tests too
 * when asked.
 */
async function sources({ tests = false }: { tests?: boolean } = {}): Promise<string[]> {
  const files: string[] = [];
  for (const group of ['packages', 'apps']) {
    for (const entry of await readdir(join(ROOT, group), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      for (const folder of tests ? ['src', 'test'] : ['src']) {
        const root = join(ROOT, group, entry.name, folder);
        const listed = await readdir(root, { recursive: true }).catch(() => []);
        files.push(
          ...listed
            .filter((file) => file.endsWith('.ts') && (tests || !file.endsWith('.test.ts')))
            .map((file) => join(root, file)),
        );
      }
    }
  }
  return files;
}

/** The code of a source, without its comment lines: comments may name what the code does not use. */
const codeOf = async (file: string): Promise<string> =>
  (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');

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

/** `x._def`, `x?._def`, `x['_def']`, `'_def' in x`. */
const UNDERSCORE_FIELD = /(?<!\.)\.\s*_[A-Za-z]\w*|\[\s*['"`]_[A-Za-z]\w*['"`]\s*\]|['"`]_[A-Za-z]\w*['"`]\s+in\b/g;

describe('library boundaries', () => {
  it('use TypeORM and pg-boss through their public API only: no driver, no module by path, no captured statement', async () => {
    const found: string[] = [];
    for (const file of await sources()) {
      const text = await codeOf(file);
      for (const { what, pattern } of INTERNALS) if (pattern.test(text)) found.push(`${relative(ROOT, file)}: ${what}`);
    }
    expect(found).toEqual([]);
  });

  // svc's own classes keep their state in `#private` fields, so a field named with a leading underscore is always a
  // library's private one (zod's `_def`, a generator's `_metaOpenApi`, a driver's `_pool`).
  it('read no underscore-private field of a library (zod, its OpenAPI generator, anything), in sources and tests alike', async () => {
    const found: string[] = [];
    for (const file of await sources({ tests: true })) {
      const text = await codeOf(file);
      for (const [read] of text.matchAll(UNDERSCORE_FIELD)) found.push(`${relative(ROOT, file)}: ${read}`);
    }
    expect(found).toEqual([]);
  });
});
