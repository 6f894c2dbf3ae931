// An S3-compatible object store on this machine, for tests and development: Ceph's RADOS Gateway from
// Debian's own packages (ceph-mon, ceph-osd, radosgw, ceph-common) on a single-node cluster whose one
// OSD keeps its objects in memory (memstore). Nothing of it lives outside the folder it is started in,
// everything listens on 127.0.0.1 on free ports, and it is gone again after --stop
// (docs/decisions/031-object-store.md).
//
//   node scripts/ensure-object-store.mjs                      install the Ceph packages when missing
//   node scripts/ensure-object-store.mjs --start DIR [--owner PID] [--json FILE]
//        start a cluster inside DIR (which must not exist or be empty), create an S3 user and print
//        { endpoint, region, accessKeyId, secretAccessKey, folder } as JSON (also written to FILE and
//        to DIR/endpoint.json). With --owner, a watchdog stops it when that process is gone, so a test
//        run that dies leaves nothing behind.
//   node scripts/ensure-object-store.mjs --stop DIR           stop everything started in DIR and remove it
//
// OBJECT_STORE_MEMSTORE_BYTES sizes the in-memory OSD (default 1 GiB); OBJECT_STORE_TIMING=1 prints how
// long each set-up step took.
// Installing needs root and apt-get (as scripts/ensure-media-tools.mjs); otherwise it says what to
// install and stops. What made the cluster start in about two seconds, measured: cephx off with
// ms_mon_client_mode = crc (or radosgw waits 300 s), paxos_propose_interval = 0.1 on the monitor, pools
// of size 1 and 8 placement groups, no autoscaler and no manager.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
const PACKAGES = ['ceph-mon', 'ceph-osd', 'radosgw', 'ceph-common'];
const BINARIES = ['/usr/bin/ceph-mon', '/usr/bin/ceph-osd', '/usr/bin/radosgw', '/usr/bin/radosgw-admin', '/usr/bin/ceph', '/usr/bin/monmaptool'];
/** The OSD holds about two bytes of memory per byte stored, and past 95 % of this its writes hang. */
const MEMSTORE_BYTES = Number(process.env.OBJECT_STORE_MEMSTORE_BYTES ?? 1024 ** 3);
const START_TIMEOUT_MS = 60_000;
const REGION = 'us-east-1';

const argv = process.argv.slice(2);
const isRoot = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const say = (message) => console.error(`[object-store] ${message}`);
const option = (name) => {
  const at = argv.indexOf(name);
  if (at === -1) return undefined;
  const value = argv[at + 1];
  if (!value || value.startsWith('--')) fail(`${name} needs a value`);
  return value;
};

function fail(message) {
  say(message);
  process.exit(1);
}

function ensureInstalled() {
  if (BINARIES.every((file) => existsSync(file))) return;
  if (!isRoot || !hasApt) {
    fail(`Ceph's S3 gateway is needed for the object-store tests: sudo apt-get install -y --no-install-recommends ${PACKAGES.join(' ')}`);
  }
  say(`installing ${PACKAGES.join(', ')} with apt-get…`);
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'inherit', 'inherit'], env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...PACKAGES], { stdio: ['ignore', 'inherit', 'inherit'], env });
  } catch (error) {
    fail(`apt-get could not install ${PACKAGES.join(' ')}: ${error.message}`);
  }
  const missing = BINARIES.filter((file) => !existsSync(file));
  if (missing.length > 0) fail(`apt-get finished but ${missing.join(', ')} is still missing.`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Only a process whose command line names this folder is ours: a pid file outlives its process. */
function ours(pid, folder) {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return args.some((arg) => arg === folder || arg.startsWith(`${folder}/`));
  } catch {
    return false;
  }
}

function conf(folder, { fsid, monPort, rgwPort }) {
  return `# Written by scripts/ensure-object-store.mjs: every path inside ${folder}, everything on 127.0.0.1.
[global]
fsid = ${fsid}
mon_host = [v2:127.0.0.1:${monPort}]
mon_initial_members = a
public_addr = 127.0.0.1
cluster_addr = 127.0.0.1
ms_bind_ipv6 = false
ms_bind_msgr1 = false
auth_cluster_required = none
auth_service_required = none
auth_client_required = none
# Without cephx the monitor must be told to accept plain connections, or radosgw waits 300 s.
ms_mon_client_mode = crc
keyring = ${folder}/keyring
run_dir = ${folder}/run
admin_socket = ${folder}/run/$name.asok
log_file = ${folder}/log/$name.log
mon_cluster_log_file = ${folder}/log/cluster.log
crash_dir = ${folder}/crash
osd_pool_default_size = 1
osd_pool_default_min_size = 1
mon_allow_pool_size_one = true
mon_warn_on_pool_no_redundancy = false
# A throwaway cluster: the monitor must not stop itself because the machine's disk is nearly full.
mon_data_avail_warn = 1
mon_data_avail_crit = 0
osd_pool_default_pg_num = 8
osd_pool_default_pgp_num = 8
osd_pool_default_pg_autoscale_mode = off
client_mount_timeout = 30
rados_mon_op_timeout = 30
rados_osd_op_timeout = 30

[mon]
mon_data = ${folder}/mon/$id
# Proposals every 0.1 s instead of 1 s: start-up 12.5 s -> 2 s.
paxos_propose_interval = 0.1

[osd]
osd_data = ${folder}/osd/$id
osd_objectstore = memstore
memstore_device_bytes = ${MEMSTORE_BYTES}

[client.rgw.a]
rgw_frontends = beast endpoint=127.0.0.1:${rgwPort}
rgw_data = ${folder}/rgw
rgw_dns_name = 127.0.0.1
# Deleted objects' data is freed by the garbage collector, by default two hours later: in memory
# that is memory held, and a memstore OSD past 95 % full hangs writes. Seconds instead.
rgw_gc_obj_min_wait = 5
rgw_gc_processor_period = 5
`;
}

/** A short-lived Ceph tool; its output, or an error with what it printed. */
async function run(folder, command, args) {
  const started = Date.now();
  try {
    const { stdout } = await execFileAsync(command, ['-c', path.join(folder, 'ceph.conf'), ...args], { encoding: 'utf8', timeout: 30_000 });
    if (process.env.OBJECT_STORE_TIMING) say(`${command} ${args[0]}: ${Date.now() - started} ms`);
    return stdout;
  } catch (error) {
    throw new Error(`${command} ${args.join(' ')} failed: ${(error.stderr || error.stdout || error.message).toString().trim().slice(-2000)}`);
  }
}

/** A daemon in the foreground of its own process group, its pid written by us: nothing forks away unseen. */
function daemon(folder, name, command, args) {
  const log = openSync(path.join(folder, 'log', `${name}.out`), 'a');
  const child = spawn(command, ['-f', '-c', path.join(folder, 'ceph.conf'), ...args], {
    detached: true,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  writeFileSync(path.join(folder, 'run', `${name}.pid`), String(child.pid));
  child.unref();
  return child.pid;
}

async function waitFor(what, check, folder) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${START_TIMEOUT_MS / 1000} s (logs in ${folder}/log)`);
    await sleep(50);
  }
}

async function start(folder) {
  ensureInstalled();
  folder = path.resolve(folder);
  if (existsSync(folder) && readdirSync(folder).length > 0) fail(`${folder} is not empty: --stop it first or name a new folder.`);
  for (const sub of ['run', 'log', 'mon/a', 'osd/0', 'rgw', 'crash']) mkdirSync(path.join(folder, sub), { recursive: true });
  const started = Date.now();
  try {
    const fsid = randomUUID();
    const monPort = await freePort();
    const rgwPort = await freePort();
    writeFileSync(path.join(folder, 'ceph.conf'), conf(folder, { fsid, monPort, rgwPort }));

    const owner = option('--owner');
    if (owner) {
      const watchdog = spawn(process.execPath, [fileURLToPath(import.meta.url), '--watch', folder, owner], { detached: true, stdio: 'ignore' });
      writeFileSync(path.join(folder, 'run', 'watchdog.pid'), String(watchdog.pid));
      watchdog.unref();
    }

    // The monitor: a map of one, a data folder made from it (a keyring is still asked for with auth off).
    await run(folder, 'monmaptool', ['--create', '--fsid', fsid, '--addv', 'a', `[v2:127.0.0.1:${monPort}]`, path.join(folder, 'monmap')]);
    await run(folder, 'ceph-authtool', ['--create-keyring', path.join(folder, 'keyring'), '--gen-key', '-n', 'mon.', '--cap', 'mon', 'allow *']);
    await run(folder, 'ceph-mon', ['--mkfs', '-i', 'a', '--monmap', path.join(folder, 'monmap'), '--keyring', path.join(folder, 'keyring')]);
    daemon(folder, 'mon.a', 'ceph-mon', ['-i', 'a']);

    // One OSD on memstore: registered with the monitor, its (empty) store made, started.
    const osdUuid = randomUUID();
    const id = (await run(folder, 'ceph', ['--connect-timeout', '30', 'osd', 'new', osdUuid])).trim();
    await run(folder, 'ceph-osd', ['-i', id, '--mkfs', '--osd-uuid', osdUuid]);
    daemon(folder, `osd.${id}`, 'ceph-osd', ['-i', id]);

    // The gateway creates its pools on first use; the S3 user is made meanwhile.
    daemon(folder, 'client.rgw.a', 'radosgw', ['-n', 'client.rgw.a']);
    const accessKeyId = `studio${randomBytes(6).toString('hex')}`.toUpperCase();
    const secretAccessKey = randomBytes(24).toString('base64url');
    // The user is made while the gateway comes up (both wait for the pools).
    const user = run(folder, 'radosgw-admin', ['user', 'create', '--uid', 'studio', '--display-name', 'Channel Studio tests', '--access-key', accessKeyId, '--secret-key', secretAccessKey]);
    const endpoint = `http://127.0.0.1:${rgwPort}`;
    const ready = waitFor('radosgw', async () => {
      try {
        const response = await fetch(endpoint, { signal: AbortSignal.timeout(1000) });
        await response.arrayBuffer();
        return response.status === 200;
      } catch {
        return false;
      }
    }, folder);
    await Promise.all([user, ready]);
    for (const name of ['mon.a', `osd.${id}`, 'client.rgw.a']) {
      const pid = Number(readFileSync(path.join(folder, 'run', `${name}.pid`), 'utf8'));
      if (!alive(pid)) throw new Error(`${name} exited (logs in ${folder}/log)`);
    }
    const result = { endpoint, region: REGION, accessKeyId, secretAccessKey, folder, startedInMs: Date.now() - started };
    const json = JSON.stringify(result, null, 2);
    writeFileSync(path.join(folder, 'endpoint.json'), json);
    const file = option('--json');
    if (file) writeFileSync(file, json);
    console.log(json);
  } catch (error) {
    say(error.message);
    try {
      const log = readFileSync(path.join(folder, 'log', 'client.rgw.a.log'), 'utf8');
      say(`radosgw's last log lines:\n${log.split('\n').slice(-15).join('\n')}`);
    } catch {
      // no gateway log yet
    }
    await stop(folder);
    process.exit(1);
  }
}

async function stop(folder) {
  folder = path.resolve(folder);
  const runDir = path.join(folder, 'run');
  const pids = [];
  if (existsSync(runDir)) {
    for (const file of readdirSync(runDir).filter((name) => name.endsWith('.pid'))) {
      const pid = Number(readFileSync(path.join(runDir, file), 'utf8'));
      if (Number.isInteger(pid) && pid > 1 && pid !== process.pid && ours(pid, folder)) pids.push(pid);
    }
  }
  // SIGKILL at once: on a clean stop a memstore OSD first writes everything it holds to its folder
  // (seconds for nothing, the folder goes next). Each daemon leads its own process group (daemon()).
  for (const pid of pids) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
  }
  // A killed process may stay a zombie where nothing reaps it: gone is when its command line is.
  const deadline = Date.now() + 10_000;
  while (pids.some((pid) => alive(pid) && ours(pid, folder)) && Date.now() < deadline) await sleep(20);
  // Only a folder this script made: it holds ceph.conf (or is still empty).
  if (existsSync(folder) && (existsSync(path.join(folder, 'ceph.conf')) || readdirSync(folder).length === 0 || existsSync(runDir))) {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Stops the cluster in `folder` once the process `owner` is gone (a test run killed, crashed or done). */
async function watch(folder, owner) {
  while (alive(owner) && existsSync(folder)) await sleep(500);
  if (existsSync(folder)) await stop(folder);
}

const startAt = option('--start');
const stopAt = option('--stop');
if (argv[0] === '--watch') {
  await watch(argv[1], Number(argv[2]));
} else if (startAt) {
  await start(startAt);
} else if (stopAt) {
  await stop(stopAt);
} else {
  ensureInstalled();
}
