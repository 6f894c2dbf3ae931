import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const here = import.meta.dirname;
const children: ChildProcess[] = [];
// Whatever ends this process (a failed step too) ends the servers it started.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Forks a bench server script of this folder; resolves once it says it listens (its first message). */
export function startServer(script: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = fork(path.join(here, script), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env }, stdio: 'inherit' });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}
