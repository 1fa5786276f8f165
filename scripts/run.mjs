#!/usr/bin/env node
// `npm start` and `npm test` on a machine with only Node and apt: make sure Node 24 or later, the pinned pnpm and the
// dependencies are there, then hand over to the pnpm script `<task>:run`. Nothing here is needed once Node 24 and
// pnpm are installed: `pnpm start:run` and `pnpm test:run` do the same work directly.
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
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pinned = manifest.packageManager.split('@')[1];
const nodeMajor = Number(/\d+/.exec(manifest.engines.node)[0]);
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };

function versionOf(command) {
  try {
    return execFileSync(command, ['--version'], { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/**
 * Node `nodeMajor` or later: this one when it is, else the official binary from the npm registry's
 * `node-<platform>-<arch>@<major>` package, installed once into .tools/node/, and this script run again on it.
 */
function ensureNode() {
  if (Number(process.versions.node.split('.')[0]) >= nodeMajor) return;
  const name = `node-${process.platform}-${process.arch}`;
  const prefix = join(root, '.tools', 'node');
  const binary = join(prefix, 'node_modules', name, 'bin', 'node');
  if (!versionOf(binary)?.startsWith(`v${nodeMajor}.`)) {
    console.log(
      `svc: Node ${process.version} is older than ${nodeMajor}: installing ${name}@${nodeMajor} into .tools/node/`,
    );
    execFileSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', prefix, `${name}@${nodeMajor}`],
      { stdio: 'inherit', env },
    );
  }
  console.log(
    `svc: Node ${process.version} is older than ${nodeMajor}: running on ${versionOf(binary)} from .tools/node/`,
  );
  const result = spawnSync(binary, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env,
  });
  process.exit(result.status ?? 1);
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
  { name: 'pgbouncer', file: '/usr/sbin/pgbouncer', why: 'the pooler tests run svc behind it in transaction mode' },
  {
    name: 'tesseract-ocr-eng',
    file: '/usr/share/tesseract-ocr/5/tessdata/eng.traineddata',
    why: "the built-in identity provider reads passports' and ID cards' machine-readable zones with its OCR model",
  },
  {
    name: 'fonts-ocr-b',
    file: '/usr/share/fonts/opentype/ocr-b/OCRB.otf',
    why: "the identity tests and benchmark draw documents' machine-readable zones in OCR-B",
  },
  {
    name: 'haproxy',
    file: '/usr/sbin/haproxy',
    why: 'the cluster rehearsal balances two API hosts with it',
    testsOnly: true,
  },
  // Tests only: a single-node Ceph whose radosgw is the real S3 bucket of the object storage tests.
  ...['ceph-mon', 'ceph-osd', 'radosgw', 'ceph-common'].map((name) => ({
    name,
    file: {
      'ceph-mon': '/usr/bin/ceph-mon',
      'ceph-osd': '/usr/bin/ceph-osd',
      radosgw: '/usr/bin/radosgw',
      'ceph-common': '/usr/bin/radosgw-admin',
    }[name],
    why: 'the object storage tests run svc on a real S3 gateway (radosgw)',
    testsOnly: true,
  })),
];

function ensureSystemPackages() {
  const missing = SYSTEM_PACKAGES.filter(({ file, testsOnly }) => !existsSync(file) && (!testsOnly || task === 'test'));
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

ensureNode();
// pnpm, turbo and the package scripts (vitest, the tests' child processes) start `node` by name: this one.
env.PATH = `${dirname(process.execPath)}${delimiter}${env.PATH ?? ''}`;
ensureSystemPackages();
const pnpm = ensurePnpm();
ensureDependencies(pnpm);
const result = spawnSync(pnpm, ['-s', 'run', `${task}:run`, ...process.argv.slice(3)], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);
