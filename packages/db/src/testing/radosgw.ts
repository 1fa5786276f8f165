import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.js';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

const run = promisify(execFile);

/** Debian's packages of a single-node Ceph with its S3 gateway, and the programs the set-up runs from them. */
const CEPH_PACKAGES = ['ceph-mon', 'ceph-osd', 'radosgw', 'ceph-common'];
const CEPH_PROGRAMS = [
  '/usr/bin/ceph-mon',
  '/usr/bin/ceph-osd',
  '/usr/bin/radosgw',
  '/usr/bin/radosgw-admin',
  '/usr/bin/ceph',
];

export type Radosgw = {
  /** `http://127.0.0.1:<port>`: the gateway, path-style. */
  endpoint: string;
  port: number;
  accessKeyId: string;
  secretAccessKey: string;
  /** A bucket made for the caller. */
  bucket: string;
  /** The S3 settings of svc for this bucket (`SVC_STORAGE=s3`). */
  settings: {
    SVC_STORAGE: 's3';
    SVC_S3_ENDPOINT: string;
    SVC_S3_REGION: string;
    SVC_S3_BUCKET: string;
    SVC_S3_ACCESS_KEY_ID: string;
    SVC_S3_SECRET_ACCESS_KEY: string;
  };
  /** How long the start took, in milliseconds. */
  startMs: number;
  close(): Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Why radosgw cannot run here, after installing Debian's packages when they are missing and this process is root
 * (`apt-get install ceph-mon ceph-osd radosgw ceph-common`), or null when it can.
 */
export async function radosgwUnavailableReason(): Promise<string | null> {
  if (CEPH_PROGRAMS.every((program) => existsSync(program))) return null;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get'))
    return `radosgw is not installed and this process cannot install it (not root, or no apt-get): apt-get install ${CEPH_PACKAGES.join(' ')}`;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    await run('apt-get', ['update', '-qq'], { env, maxBuffer: 64 * 1024 * 1024 });
    await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...CEPH_PACKAGES], {
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    return `apt-get install ${CEPH_PACKAGES.join(' ')} failed: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`;
  }
  return CEPH_PROGRAMS.every((program) => existsSync(program)) ? null : 'the Ceph packages installed no radosgw';
}

/**
 * A real S3 gateway on loopback: Ceph's radosgw over one monitor and one BlueStore OSD on a 4 GiB sparse file in a
 * temporary directory, no cephx (loopback only), pools of size 1, with a user and a bucket; real S3 signatures are
 * checked. The one setting that is not obvious: `ms_mon_client_mode = crc`, without which radosgw waits 300 s for
 * its monitor. Takes ~15 s. Every daemon runs in the foreground as a child of this process; `close()` stops them and
 * removes the directory. Call `radosgwUnavailableReason()` first.
 */
export async function startRadosgw(): Promise<Radosgw> {
  const startedAt = performance.now();
  const directory = await mkdtemp(join(tmpdir(), 'svc-radosgw-'));
  const [monPort, rgwPort] = [await freePort(), await freePort()];
  const config = join(directory, 'ceph.conf');
  const fsid = randomUUID();
  for (const sub of ['run', 'log', 'mon', 'osd', 'rgw']) await mkdir(join(directory, sub));
  await writeFile(
    config,
    [
      '[global]',
      `fsid = ${fsid}`,
      `mon_host = 127.0.0.1:${monPort}`,
      'mon_initial_members = a',
      'auth_cluster_required = none',
      'auth_service_required = none',
      'auth_client_required = none',
      'osd_pool_default_size = 1',
      'osd_pool_default_min_size = 1',
      'mon_allow_pool_size_one = true',
      'osd_crush_chooseleaf_type = 0',
      'public_addr = 127.0.0.1',
      'cluster_addr = 127.0.0.1',
      'ms_bind_ipv6 = false',
      `run_dir = ${directory}/run`,
      `log_file = ${directory}/log/$name.log`,
      `admin_socket = ${directory}/run/$name.asok`,
      '[client]',
      'ms_mon_client_mode = crc',
      '[mon.a]',
      `mon_data = ${directory}/mon`,
      '[osd.0]',
      `osd_data = ${directory}/osd`,
      'osd_objectstore = bluestore',
      `bluestore_block_path = ${directory}/block.img`,
      'bluestore_block_create = true',
      'bluestore_block_size = 4294967296',
      '[client.rgw]',
      `rgw_frontends = beast endpoint=127.0.0.1:${rgwPort}`,
      `rgw_data = ${directory}/rgw`,
      '',
    ].join('\n'),
  );
  const children: ChildProcess[] = [];
  const daemon = (program: string, args: string[]) => {
    const child = spawn(program, ['-f', '-c', config, ...args], { stdio: 'ignore' });
    children.push(child);
    return child;
  };
  const ceph = (args: string[]) =>
    run('/usr/bin/ceph', ['-c', config, '--connect-timeout', '60', ...args], { timeout: 180_000 });
  const close = async () => {
    for (const child of children.toReversed()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      // A throwaway cluster: nothing to flush.
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    await rm(directory, { recursive: true, force: true });
  };
  try {
    await run('/usr/bin/monmaptool', [
      '--create',
      '--add',
      'a',
      `127.0.0.1:${monPort}`,
      '--fsid',
      fsid,
      join(directory, 'monmap'),
    ]);
    await run('/usr/bin/ceph-mon', ['-c', config, '--mkfs', '-i', 'a', '--monmap', join(directory, 'monmap')]);
    daemon('/usr/bin/ceph-mon', ['-i', 'a']);
    await ceph(['osd', 'create']);
    await run('/usr/bin/ceph-osd', ['-c', config, '-i', '0', '--mkfs']);
    await ceph(['osd', 'crush', 'add', 'osd.0', '1', 'root=default', 'host=localhost']);
    daemon('/usr/bin/ceph-osd', ['-i', '0']);
    for (let attempt = 0; ; attempt += 1) {
      if ((await ceph(['osd', 'stat'])).stdout.includes('1 up')) break;
      if (attempt > 120) throw new Error('radosgw set-up: the OSD did not come up in 60 s');
      await sleep(500);
    }
    daemon('/usr/bin/radosgw', ['-n', 'client.rgw']);
    const endpoint = `http://127.0.0.1:${rgwPort}`;
    for (let attempt = 0; ; attempt += 1) {
      const answered = await fetch(endpoint).then(
        (response) => response.status,
        () => 0,
      );
      if (answered === 200) break;
      if (attempt > 240) throw new Error('radosgw set-up: the gateway did not answer in 120 s');
      await sleep(500);
    }
    const accessKeyId = `SVCTEST${randomBytes(6).toString('hex').toUpperCase()}`;
    const secretAccessKey = randomBytes(30).toString('base64url');
    await run('/usr/bin/radosgw-admin', [
      '-c',
      config,
      '-n',
      'client.admin',
      'user',
      'create',
      '--uid',
      'svc-test',
      '--display-name',
      'svc test',
      '--access-key',
      accessKeyId,
      '--secret',
      secretAccessKey,
    ]);
    const bucket = `svc-test-${randomBytes(4).toString('hex')}`;
    const client = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId, secretAccessKey },
    });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    client.destroy();
    return {
      endpoint,
      port: rgwPort,
      accessKeyId,
      secretAccessKey,
      bucket,
      settings: {
        SVC_STORAGE: 's3',
        SVC_S3_ENDPOINT: endpoint,
        SVC_S3_REGION: 'us-east-1',
        SVC_S3_BUCKET: bucket,
        SVC_S3_ACCESS_KEY_ID: accessKeyId,
        SVC_S3_SECRET_ACCESS_KEY: secretAccessKey,
      },
      startMs: Math.round(performance.now() - startedAt),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
