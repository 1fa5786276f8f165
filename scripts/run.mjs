#!/usr/bin/env node
// `npm start` and `npm test` on a machine with only Node and apt: make sure the pinned pnpm and the dependencies
// are there, then hand over to the pnpm script `<task>:run`. Nothing here is needed once pnpm is installed:
// `pnpm start:run` and `pnpm test:run` do the same work directly.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const task = process.argv[2];
if (!task) {
  console.error('usage: node scripts/run.mjs <start|test>');
  process.exit(2);
}
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };

function versionOf(command) {
  try {
    return execFileSync(command, ['--version'], { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** The pinned pnpm: the one on PATH when it matches, else one installed once into .tools/ (no root needed). */
function ensurePnpm() {
  if (versionOf('pnpm') === pinned) return 'pnpm';
  const local = join(root, '.tools', 'node_modules', '.bin', 'pnpm');
  if (versionOf(local) !== pinned) {
    console.log(`svc: installing pnpm ${pinned} into .tools/`);
    execFileSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', join(root, '.tools'), `pnpm@${pinned}`],
      { stdio: 'inherit', env },
    );
  }
  // turbo and the package scripts call `pnpm` by name: put this one first on their PATH.
  env.PATH = `${dirname(local)}${delimiter}${env.PATH ?? ''}`;
  return local;
}

/** Install dependencies when node_modules is missing or older than the lockfile. */
function ensureDependencies(pnpm) {
  const marker = join(root, 'node_modules', '.modules.yaml');
  const lockfile = join(root, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lockfile).mtimeMs) return;
  console.log('svc: installing dependencies');
  execFileSync(pnpm, ['install', '--frozen-lockfile'], { cwd: root, stdio: 'inherit', env });
}

/**
 * What svc needs from Debian, and why: each is installed with apt when missing and we are root, and only it
 * (`--no-install-recommends`: Chromium's recommends alone are a hundred packages a server never uses).
 */
const SYSTEM_PACKAGES = [
  {
    name: 'chromium',
    // A Chromium already installed elsewhere (CHROMIUM_PATH, which the worker reads too) is used as it is.
    file: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    why: 'prints report PDFs; the docs and portal tests run in it',
  },
  { name: 'poppler-utils', file: '/usr/bin/pdftotext', why: 'the tests read PDFs with pdftotext' },
];

function ensureSystemPackages() {
  const missing = SYSTEM_PACKAGES.filter(({ file }) => !existsSync(file));
  if (missing.length === 0) return;
  const names = missing.map(({ name }) => name);
  const reasons = missing.map(({ name, file, why }) => `  ${name} (${file} is missing): ${why}`).join('\n');
  const command = `apt-get install -y --no-install-recommends ${names.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.warn(
      `svc: these Debian packages are missing:\n${reasons}\n` +
        `svc: install them as root (sudo ${command}), or set CHROMIUM_PATH to a Chromium you have; continuing without them`,
    );
    return;
  }
  console.log(`svc: installing with apt (${command}):\n${reasons}`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], {
    stdio: 'inherit',
    env: aptEnv,
  });
}

ensureSystemPackages();
const pnpm = ensurePnpm();
ensureDependencies(pnpm);
const result = spawnSync(pnpm, ['-s', 'run', `${task}:run`, ...process.argv.slice(3)], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);
