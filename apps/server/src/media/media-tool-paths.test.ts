import { describe, expect, it } from 'vitest';
import { resolveMediaTools } from './media-tool-paths';

/** The files that exist and may run; prlimit and nice are where Debian puts them unless a test says otherwise. */
const on = (...files: string[]) => (file: string) => ['/usr/bin/prlimit', '/usr/bin/nice', ...files].includes(file);
const bounds = { prlimit: '/usr/bin/prlimit', nice: '/usr/bin/nice' };

describe('resolveMediaTools: one answer for loops and lives', () => {
  it('takes FFMPEG_PATH and FFPROBE_PATH first', () => {
    const tools = resolveMediaTools({ env: { FFMPEG_PATH: '/opt/ff/ffmpeg', FFPROBE_PATH: '/opt/ff/ffprobe' }, isExecutable: on('/opt/ff/ffmpeg', '/opt/ff/ffprobe', '/usr/bin/ffmpeg') });
    expect(tools).toEqual({ ffmpeg: '/opt/ff/ffmpeg', ffprobe: '/opt/ff/ffprobe', ...bounds, missing: [] });
  });

  it("then Debian's, then PATH", () => {
    expect(resolveMediaTools({ env: { PATH: '/usr/local/bin' }, isExecutable: on('/usr/bin/ffmpeg', '/usr/bin/ffprobe', '/usr/local/bin/ffmpeg') })).toEqual({
      ffmpeg: '/usr/bin/ffmpeg',
      ffprobe: '/usr/bin/ffprobe',
      ...bounds,
      missing: [],
    });
    expect(resolveMediaTools({ env: { PATH: '/a:/usr/local/bin' }, isExecutable: on('/usr/local/bin/ffmpeg', '/usr/local/bin/ffprobe') })).toMatchObject({
      ffmpeg: '/usr/local/bin/ffmpeg',
      ffprobe: '/usr/local/bin/ffprobe',
      missing: [],
    });
  });

  it('names what is missing: a wrong configured path, or no tool at all (an ffmpeg without ffprobe is not enough)', () => {
    const wrong = resolveMediaTools({ env: { FFMPEG_PATH: '/nowhere/ffmpeg' }, isExecutable: on('/usr/bin/ffmpeg', '/usr/bin/ffprobe') });
    expect(wrong.missing).toEqual(['FFMPEG_PATH: "/nowhere/ffmpeg" is not an executable file']);
    const npmOnly = resolveMediaTools({ env: { PATH: '/node_modules/.bin' }, isExecutable: on('/node_modules/.bin/ffmpeg') });
    expect(npmOnly.ffmpeg).toBe('/node_modules/.bin/ffmpeg');
    expect(npmOnly.missing).toEqual(['ffprobe was not found (looked at /usr/bin/ffprobe and on PATH)']);
  });

  it('finds prlimit and nice, which bound every run, or names them missing', () => {
    expect(resolveMediaTools({ env: { PATH: '/bin' }, isExecutable: (file) => ['/usr/bin/ffmpeg', '/usr/bin/ffprobe', '/bin/prlimit', '/usr/bin/nice'].includes(file) })).toMatchObject({ prlimit: '/bin/prlimit', nice: '/usr/bin/nice', missing: [] });
    expect(resolveMediaTools({ env: { PATH: '/bin' }, isExecutable: (file) => ['/usr/bin/ffmpeg', '/usr/bin/ffprobe'].includes(file) }).missing).toEqual([
      'prlimit was not found (looked at /usr/bin/prlimit and on PATH)',
      'nice was not found (looked at /usr/bin/nice and on PATH)',
    ]);
  });
});
