import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliOutput } from '../src/cli.js';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../packages/watchlists/test/fixtures/${name}`, import.meta.url));

function capture(): CliOutput & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (text) => lines.push(text), error: (text) => errors.push(text) };
}

describe('svc watchlists (embedded database)', () => {
  let directory: string;
  let environment: NodeJS.ProcessEnv;
  const svc = async (...args: string[]) => {
    const output = capture();
    const code = await runCli(args, { output, environment });
    return { code, out: output.lines.join('\n'), error: output.errors.join('\n') };
  };

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'svc-watchlists-'));
    environment = { SVC_DATA_DIR: directory, LOG_LEVEL: 'silent' };
    expect((await svc('migrate')).code).toBe(0);
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('imports each official format, keeps the version in force when a file is refused, and lists the versions', async () => {
    const imported = await svc('watchlists', 'import', 'ofac_sdn', fixture('sdn.xml'));
    expect(imported, imported.error).toMatchObject({ code: 0 });
    expect(imported.out).toMatch(
      /^imported in [\d.]+ s\nofac_sdn {2}\S+ {2}published 2024-03-01T00:00:00.000Z .* 4 entries {2}7 names/,
    );
    expect((await svc('watchlists', 'import', 'ofac_sdn', fixture('sdn.xml'))).out).toMatch(/^unchanged/);
    expect((await svc('watchlists', 'import', 'ofac_sdn_csv', fixture('sdn.csv'))).code).toBe(0);
    for (const [source, file] of [
      ['un', 'un.xml'],
      ['eu', 'eu.xml'],
      ['uk', 'ConList.csv'],
      ['ca', 'sema-lmes.xml'],
      ['opensanctions', 'entities.ftm.json'],
    ])
      expect(await svc('watchlists', 'import', source!, fixture(file!))).toMatchObject({ code: 0 });

    const cut = join(directory, 'sdn-cut.xml');
    const text = await readFile(fixture('sdn.xml'), 'utf8');
    await writeFile(cut, text.slice(0, text.lastIndexOf('<sdnEntry>') + 40));
    const refused = await svc('watchlists', 'import', 'ofac_sdn', cut);
    expect(refused.code).toBe(1);
    expect(refused.error).toMatch(/^not well-formed XML/);

    const listed = await svc('watchlists', 'list');
    expect(listed.out.split('\n').map((line) => line.split('  ')[0])).toEqual([
      'ca',
      'eu',
      'ofac_sdn',
      'ofac_sdn_csv',
      'opensanctions',
      'uk',
      'un',
    ]);
    expect(listed.out).toContain(imported.out.split('\n')[1]);
    expect((await svc('watchlists', 'import', 'nowhere', cut)).code).toBe(1);
  });
});
