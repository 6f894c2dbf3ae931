import { randomUUID } from 'node:crypto';
import type { Lock, Locker, RequestRelease } from '@tus/server';
import type { Db } from '../../db/schema';
import { uploadLockRepository } from './upload-lock-repository';

/** Where an instance that wants an upload asks its holder, on whichever instance, to let go. */
export const UPLOAD_LOCK_RELEASE_CHANNEL = 'studio_upload_lock_release';

export type UploadLockerOptions = {
  db: Db;
  /** Announces on UPLOAD_LOCK_RELEASE_CHANNEL (every instance hears it, this one too). */
  announce(uploadId: string): Promise<void>;
  /** Whether this instance hears the announcements now; when not, its own holders are asked directly. */
  listening(): boolean;
  /** A lease, renewed at a third of it while a request holds the upload. */
  leaseMs?: number;
  /** How long a request waits for an upload before it is refused with `busy()`. */
  acquireTimeoutMs?: number;
  /** Between two attempts to take an upload someone holds. */
  retryMs?: number;
  /** The refusal of a request that waited too long (tus answers its status_code and body). */
  busy(uploadId: string): Error;
  warn(message: string, details: Record<string, unknown>): void;
};

export type UploadLocker = Locker & {
  /** What an announcement on UPLOAD_LOCK_RELEASE_CHANNEL does: asks this instance's holder of the upload, if any, to let go. */
  releaseRequested(uploadId: string): void;
  /** Uploads this instance holds now (tests, shutdown). */
  readonly held: number;
};

/**
 * tus' locker for N instances (issue 22): an upload is held through a lease in PostgreSQL (`upload_locks`,
 * migration 0034), so a HEAD, PATCH or DELETE of one upload runs on one instance at a time. A request that
 * finds the upload held asks the holder to let go through an announcement; the holder's request is then
 * cancelled by tus (it stores what it received and unlocks, within tus' lockDrainTimeout) — the case of a
 * client that lost its connection and resumes through another instance while the first still reads the
 * half-open one. A holder that died lets go when its lease runs out.
 */
export function uploadLocker(options: UploadLockerOptions): UploadLocker {
  const locks = uploadLockRepository(options.db);
  const leaseMs = options.leaseMs ?? 30_000;
  const acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
  const retryMs = options.retryMs ?? 100;
  /** Asking again at this pace while waiting: an announcement heard before the holder took the lock finds nobody. */
  const askEveryMs = 1_000;
  const holders = new Map<string, { token: string; release: RequestRelease }>();

  const ask = async (uploadId: string) => {
    if (!options.listening()) releaseRequested(uploadId);
    try {
      await options.announce(uploadId);
    } catch (error) {
      options.warn('could not ask for an upload to be let go', { uploadId, err: error });
    }
  };

  function releaseRequested(uploadId: string) {
    const holder = holders.get(uploadId);
    if (holder) void Promise.resolve(holder.release()).catch((error: unknown) => options.warn('letting go of an upload failed', { uploadId, err: error }));
  }

  const wait = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    });

  function newLock(uploadId: string): Lock {
    const token = randomUUID();
    let renewal: NodeJS.Timeout | undefined;
    return {
      async lock(signal: AbortSignal, release: RequestRelease) {
        const deadline = Date.now() + acquireTimeoutMs;
        let askedAt = 0;
        while (!(await locks.take(uploadId, token, leaseMs))) {
          if (signal.aborted || Date.now() >= deadline) throw options.busy(uploadId);
          if (Date.now() - askedAt >= askEveryMs) {
            askedAt = Date.now();
            await ask(uploadId);
          }
          await wait(retryMs, signal);
        }
        holders.set(uploadId, { token, release });
        renewal = setInterval(() => {
          locks.renew(uploadId, token, leaseMs).then(
            (held) => {
              // Lost (the lease ran out while the database was out of reach): someone may write now, so this request stops.
              if (!held && holders.get(uploadId)?.token === token) {
                options.warn('an upload lease was lost while held', { uploadId });
                void Promise.resolve(release()).catch(() => undefined);
              }
            },
            (error: unknown) => options.warn('could not renew an upload lease', { uploadId, err: error }),
          );
        }, Math.max(1, Math.floor(leaseMs / 3)));
        renewal.unref();
      },
      async unlock() {
        clearInterval(renewal);
        if (holders.get(uploadId)?.token === token) holders.delete(uploadId);
        try {
          await locks.release(uploadId, token);
        } catch (error) {
          // The lease runs out by itself.
          options.warn('could not let go of an upload', { uploadId, err: error });
        }
      },
    };
  }

  return {
    newLock,
    releaseRequested,
    get held() {
      return holders.size;
    },
  };
}
