import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AutosaveStatus, createAutosaveQueue, type ErrorVerdict, type SaveResult } from './autosave-queue';

class Offline extends Error {}
class Conflict extends Error {}
class Refused extends Error {}
const classify = (error: unknown): ErrorVerdict => (error instanceof Conflict ? 'conflict' : error instanceof Refused ? 'refused' : 'retry');

/** A fake server: records each save and answers as told. */
function server() {
  const calls: { value: string; version: number | null }[] = [];
  let version = 1;
  let fail: (() => Error) | null = null;
  let gate: Promise<void> | null = null;
  const save = vi.fn(async (value: string, base: number | null): Promise<SaveResult> => {
    calls.push({ value, version: base });
    if (gate) await gate;
    if (fail) throw fail();
    version += 1;
    return { version, savedAt: `t${version}` };
  });
  return {
    calls,
    save,
    failWith: (make: (() => Error) | null) => (fail = make),
    hold: () => {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

describe('autosave queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends only after typing has stopped for the quiet period, with the newest text', async () => {
    const s = server();
    const statuses: AutosaveStatus['kind'][] = [];
    const queue = createAutosaveQueue({ save: s.save, classify, version: 1, quietMs: 2000, onStatus: (status) => statuses.push(status.kind) });
    queue.edit('a');
    await vi.advanceTimersByTimeAsync(1500);
    queue.edit('ab');
    await vi.advanceTimersByTimeAsync(1500);
    expect(s.save).not.toHaveBeenCalled();
    expect(queue.hasUnsaved()).toBe(true);
    await vi.advanceTimersByTimeAsync(600);
    expect(s.calls).toEqual([{ value: 'ab', version: 1 }]);
    expect(queue.status()).toEqual({ kind: 'saved', savedAt: 't2' });
    expect(queue.version()).toBe(2);
    expect(queue.hasUnsaved()).toBe(false);
    expect(statuses).toEqual(['pending', 'pending', 'saving', 'saved']);
  });

  it('keeps one save in flight and sends edits made meanwhile in the next one, on the new version', async () => {
    const s = server();
    const queue = createAutosaveQueue({ save: s.save, classify, version: 1, quietMs: 100 });
    const release = s.hold();
    queue.edit('one');
    await vi.advanceTimersByTimeAsync(100);
    queue.edit('two');
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.calls).toHaveLength(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.status().kind).toBe('pending');
    await vi.advanceTimersByTimeAsync(100);
    expect(s.calls).toEqual([
      { value: 'one', version: 1 },
      { value: 'two', version: 2 },
    ]);
    expect(queue.status()).toEqual({ kind: 'saved', savedAt: 't3' });
  });

  it('keeps the text through a dropped network, shows it as not saved, retries and sends the newest text once back', async () => {
    const s = server();
    const settled = vi.fn();
    const queue = createAutosaveQueue({
      save: s.save,
      classify,
      version: 1,
      quietMs: 100,
      retryDelayMs: (attempt) => attempt * 1000,
      onSettled: settled,
      now: () => 0,
    });
    s.failWith(() => new Offline());
    queue.edit('first');
    await vi.advanceTimersByTimeAsync(100);
    expect(queue.status()).toEqual({ kind: 'offline', savedAt: null, attempt: 1, retryAt: 1000 });
    queue.edit('first and more');
    await vi.advanceTimersByTimeAsync(1000);
    expect(queue.status()).toMatchObject({ kind: 'offline', attempt: 2 });
    expect(s.calls.map((call) => call.value)).toEqual(['first', 'first and more']);
    expect(queue.hasUnsaved()).toBe(true);
    expect(settled).not.toHaveBeenCalled();

    s.failWith(null);
    queue.retryNow(); // the browser's "online" event
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.status()).toEqual({ kind: 'saved', savedAt: 't2' });
    expect(s.calls.at(-1)).toEqual({ value: 'first and more', version: 1 });
    expect(settled).toHaveBeenCalledWith('first and more', { version: 2, savedAt: 't2' });
    // The scheduled retry finds nothing left to do.
    await vi.advanceTimersByTimeAsync(5000);
    expect(s.calls).toHaveLength(3);
  });

  it('stops at a version conflict, keeps the text, and saves it over the newer version when the person keeps theirs', async () => {
    const s = server();
    const queue = createAutosaveQueue({ save: s.save, classify, version: 1, quietMs: 100 });
    s.failWith(() => new Conflict());
    queue.edit('mine');
    await vi.advanceTimersByTimeAsync(100);
    expect(queue.status().kind).toBe('conflict');
    queue.edit('mine, still typing');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(s.calls).toHaveLength(1);
    expect(queue.hasUnsaved()).toBe(true);

    s.failWith(null);
    queue.keepMine(7);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.calls.at(-1)).toEqual({ value: 'mine, still typing', version: 7 });
    expect(queue.status().kind).toBe('saved');
  });

  it('stops at a refusal that a retry cannot fix', async () => {
    const s = server();
    const queue = createAutosaveQueue({ save: s.save, classify, version: 1, quietMs: 100 });
    s.failWith(() => new Refused());
    queue.edit('x');
    await vi.advanceTimersByTimeAsync(100);
    expect(queue.status().kind).toBe('refused');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.calls).toHaveLength(1);
  });

  it('flush sends at once and resolves when the text is on the server', async () => {
    const s = server();
    const queue = createAutosaveQueue({ save: s.save, classify, version: null, quietMs: 5000 });
    queue.edit('publish me');
    const status = await queue.flush();
    expect(status).toEqual({ kind: 'saved', savedAt: 't2' });
    expect(s.calls).toEqual([{ value: 'publish me', version: null }]);
    await expect(queue.flush()).resolves.toEqual({ kind: 'saved', savedAt: 't2' });
    expect(s.calls).toHaveLength(1);
  });

  it('flush during a save waits for that save and the edits after it', async () => {
    const s = server();
    const queue = createAutosaveQueue({ save: s.save, classify, version: 1, quietMs: 100 });
    const release = s.hold();
    queue.edit('a');
    await vi.advanceTimersByTimeAsync(100);
    queue.edit('ab');
    const flushed = queue.flush();
    release();
    await expect(flushed).resolves.toEqual({ kind: 'saved', savedAt: 't3' });
    expect(s.calls.map((call) => call.value)).toEqual(['a', 'ab']);
  });

  it('does nothing after dispose', async () => {
    const s = server();
    const queue = createAutosaveQueue({ save: s.save, classify, version: 1, quietMs: 100 });
    queue.edit('x');
    queue.dispose();
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.save).not.toHaveBeenCalled();
  });
});
