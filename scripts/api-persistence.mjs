#!/usr/bin/env node
// `pnpm lint` fails when the API reaches past the services into persistence (DESIGN: a route parses, calls one
// service, presents; it never opens a transaction or touches the ORM): an import of TypeORM, an `EntityManager`,
// a `dataSource`, a `.transaction(` or a `managerOf(` in any file under apps/api/src. Prints each place found.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = join(ROOT, 'apps', 'api', 'src');

const FORBIDDEN = [
  { pattern: /\bfrom\s*['"]typeorm(?:\/[^'"]*)?['"]|import\(\s*['"]typeorm/, what: 'an import of TypeORM' },
  { pattern: /\bEntityManager\b/, what: 'an EntityManager' },
  { pattern: /\bdataSource\b/, what: 'the dataSource' },
  { pattern: /\.transaction\s*\(/, what: 'a transaction' },
  { pattern: /\bmanagerOf\s*\(/, what: 'an entity manager' },
];

const found = readdirSync(SOURCES, { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.tsx?$/.test(name))
  .flatMap((name) =>
    readFileSync(join(SOURCES, name), 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        FORBIDDEN.filter(({ pattern }) => pattern.test(line)).map(
          ({ what }) => `${relative(ROOT, join(SOURCES, name))}:${index + 1}: ${what}: ${line.trim()}`,
        ),
      ),
  );

if (found.length > 0) {
  console.error(
    `apps/api/src reaches into persistence (move the work into a use case of packages/services):\n${found.join('\n')}`,
  );
  process.exit(1);
}
