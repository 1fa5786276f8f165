#!/usr/bin/env node
// `pnpm lint` fails on an import cycle between files of the workspace (type-only imports included: a cycle of types
// is still two files that cannot be understood one without the other). Reads the relative imports and re-exports
// of every TypeScript file under apps/*/ and packages/*/ (src, test) and bench/src, and prints each cycle found.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['src', 'test'];

function typeScriptFiles(directory) {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.split('/').includes('node_modules'))
    .map((name) => join(directory, name));
}

const files = [
  ...['apps', 'packages'].flatMap((group) =>
    readdirSync(join(ROOT, group)).flatMap((name) =>
      FOLDERS.flatMap((folder) => typeScriptFiles(join(ROOT, group, name, folder))),
    ),
  ),
  ...typeScriptFiles(join(ROOT, 'bench', 'src')),
];

const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The file a relative specifier names (`./x.js` is `./x.ts` in the sources), or null when it is not a source. */
function target(from, specifier) {
  const path = resolve(dirname(from), specifier);
  const candidates = [path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.tsx'), path, join(path, 'index.ts')];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate)) ?? null;
}

const edges = new Map(
  files.map((file) => {
    const text = readFileSync(file, 'utf8');
    const targets = new Set();
    for (const match of text.matchAll(SPECIFIER)) {
      const found = target(file, match[1] ?? match[2]);
      if (found) targets.add(found);
    }
    return [file, [...targets]];
  }),
);

// Tarjan's strongly connected components: every component of more than one file is a cycle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function visit(file) {
  index.set(file, counter);
  low.set(file, counter);
  counter += 1;
  stack.push(file);
  onStack.add(file);
  for (const next of edges.get(file) ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(file, Math.min(low.get(file), index.get(next)));
    }
  }
  if (low.get(file) !== index.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1 || (edges.get(file) ?? []).includes(file)) cycles.push(component);
}
for (const file of edges.keys()) if (!index.has(file)) visit(file);

if (cycles.length > 0) {
  console.error(`${cycles.length} import cycle(s) between files:`);
  for (const cycle of cycles)
    console.error(
      `  ${cycle
        .map((file) => relative(ROOT, file))
        .sort()
        .join(' <-> ')}`,
    );
  process.exit(1);
}
