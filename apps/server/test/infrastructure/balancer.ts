import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createBucketIfMissing, s3Client, s3Store } from '../../src/media/stores/s3-store';
import type { ObjectStore } from '../../src/media/stores/object-store';

export const NGINX = '/usr/sbin/nginx';

// Free of any test runner's API: the Vitest tiers and the Playwright tier (e2e/tests/balanced.spec.ts) both use it.

/**
 * Debian's nginx configured from deploy/nginx/studio.conf.template (docs/deploy.md), listening on
 * `port` in front of the given web instances' ports, with everything it writes inside `dir`.
 */
export async function startBalancer(dir: string, port: number, webPorts: number[]): Promise<ChildProcess> {
  const template = await readFile(path.resolve(import.meta.dirname, '../../../../deploy/nginx/studio.conf.template'), 'utf8');
  const site = template
    .replaceAll('${LISTEN}', `127.0.0.1:${port}`)
    .replaceAll('${SERVER_NAME}', '127.0.0.1')
    .replaceAll('${TLS}', '')
    .replaceAll('${WEB_UPSTREAMS}', webPorts.map((web) => `server 127.0.0.1:${web};`).join(' '));
  const unfilled = /\$\{[A-Z_]+\}/.exec(site);
  if (unfilled) throw new Error(`deploy/nginx/studio.conf.template: ${unfilled[0]} not filled in`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${dir}/${name};`).join(' ');
  await writeFile(path.join(dir, 'nginx.conf'), `daemon off;\nmaster_process off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents {}\nhttp {\n access_log off;\n ${temp}\n${site}\n}\n`);
  return spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
}

const run = promisify(execFile);
const objectStoreScript = path.resolve(import.meta.dirname, '../../../../scripts/ensure-object-store.mjs');

/**
 * Ceph RGW on memstore (scripts/ensure-object-store.mjs) with everything inside `dir/ceph`, a bucket in
 * it, the variables an instance needs for it (STORAGE=s3 …), the bucket as the test reads it, and its stop.
 */
export async function startObjectStore(dir: string, bucketName: string): Promise<{ bucket: ObjectStore; env: Record<string, string>; stop(): Promise<void> }> {
  const cephFolder = path.join(dir, 'ceph');
  const { stdout } = await run(process.execPath, [objectStoreScript, '--start', cephFolder, '--owner', String(process.pid)], { timeout: 120_000 });
  const endpoint = JSON.parse(stdout) as { endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };
  const options = { ...endpoint, bucket: bucketName, forcePathStyle: true };
  await createBucketIfMissing(s3Client(options), bucketName);
  return {
    bucket: s3Store(options),
    env: { STORAGE: 's3', S3_ENDPOINT: endpoint.endpoint, S3_REGION: endpoint.region, S3_BUCKET: bucketName, S3_ACCESS_KEY_ID: endpoint.accessKeyId, S3_SECRET_ACCESS_KEY: endpoint.secretAccessKey },
    stop: () => run(process.execPath, [objectStoreScript, '--stop', cephFolder]).then(() => undefined, () => undefined),
  };
}

/**
 * The sum of the series of metric `name` whose label text (`a="x",b="y"`) matches `labels` (a pattern or a test), read from
 * an instance's own /metrics at `metricsUrl`: how the balanced tiers see which instance did what.
 */
export async function metricSum(metricsUrl: string, name: string, labels: RegExp | ((labels: string) => boolean) = /.*/): Promise<number> {
  const series = new RegExp(`^${name}(?:\\{([^}]*)\\})? ([0-9.e+-]+)$`);
  const wanted = typeof labels === 'function' ? labels : (text: string) => labels.test(text);
  let total = 0;
  for (const line of (await (await fetch(metricsUrl)).text()).split('\n')) {
    const match = series.exec(line);
    if (match && wanted(match[1] ?? '')) total += Number(match[2]);
  }
  return total;
}

/** Polls `read` every 250 ms until `done` holds; fails after `ms` with the last value and what the instances said. */
export function pollerSaying(said: () => string) {
  return async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number, what: string): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what} (last: ${JSON.stringify(value)})\n${said()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
}
