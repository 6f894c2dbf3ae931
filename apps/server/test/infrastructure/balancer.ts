import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';

export const NGINX = '/usr/sbin/nginx';

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
  expect(site).not.toMatch(/\$\{[A-Z_]+\}/);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${dir}/${name};`).join(' ');
  await writeFile(path.join(dir, 'nginx.conf'), `daemon off;\nmaster_process off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents {}\nhttp {\n access_log off;\n ${temp}\n${site}\n}\n`);
  return spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
}
