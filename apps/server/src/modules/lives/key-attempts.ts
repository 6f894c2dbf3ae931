import type { Clock } from '../../lib/clock';

const WINDOW_MS = 60_000;

/**
 * The key an address is counted under: an IPv4 address (also when written as
 * IPv4-mapped IPv6), or an IPv6 address's /64, which one subscriber usually holds whole.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.replace(/%.*$/, '').split('::');
  const front = head ? head.split(':') : [];
  const back = address.includes('::') && tail ? tail.split(':') : [];
  const groups = [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups.slice(0, 4).map((group) => (parseInt(group, 16) || 0).toString(16)).join(':')}::/64`;
}

/**
 * Failed stream key attempts per client address, counted like the login
 * form's posts (@fastify/rate-limit: a fixed one-minute window from the first
 * one). Only failures count, so a publisher with its right key is never
 * slowed; an address that used up its failures is refused unheard (no
 * database look-up) until its window is over. Shared by the embedded ingest
 * and nginx-rtmp's on_publish callback. In memory, per process: a guess costs
 * nothing to verify, so the bound is on work, not on the odds of a 160-bit key.
 */
export class KeyAttemptLimiter {
  private windows = new Map<string, { startedAt: number; failures: number }>();
  private sweepAt = 1024;

  constructor(private readonly options: { perMinute: number; clock: Clock }) {}

  /** False while the address has no failures left in its window. */
  allows(address: string): boolean {
    const window = this.current(addressKey(address));
    return !window || window.failures < this.options.perMinute;
  }

  failed(address: string): void {
    const key = addressKey(address);
    const window = this.current(key);
    if (window) {
      window.failures += 1;
      return;
    }
    if (this.windows.size >= this.sweepAt) this.sweep();
    this.windows.set(key, { startedAt: this.options.clock.now().getTime(), failures: 1 });
  }

  private current(key: string) {
    const window = this.windows.get(key);
    if (window && this.options.clock.now().getTime() - window.startedAt >= WINDOW_MS) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  /** Ended windows are dropped when the map has doubled since the last sweep: memory follows the last minute's failing addresses. */
  private sweep(): void {
    const now = this.options.clock.now().getTime();
    for (const [key, window] of this.windows) if (now - window.startedAt >= WINDOW_MS) this.windows.delete(key);
    this.sweepAt = Math.max(1024, this.windows.size * 2);
  }
}
