import type { ByteRange } from './stores/object-store';

/**
 * The one byte range a `Range` header asks for (RFC 9110 section 14.2), or undefined when the whole
 * object is to be sent: no header, another unit, several ranges (allowed to be answered whole), or a
 * malformed one (which a server ignores). `bytes=-0` comes back as a suffix of 0, which no object
 * satisfies (416), as the RFC says.
 */
export function parseRange(header: string | undefined): ByteRange | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  const number = (digits: string) => (digits === '' ? undefined : Number(digits));
  const start = number(first);
  const end = number(last);
  const safe = (value: number | undefined) => value === undefined || Number.isSafeInteger(value);
  if (!safe(start) || !safe(end)) return undefined;
  if (start === undefined) return end === undefined ? undefined : { suffix: end };
  if (end !== undefined && end < start) return undefined;
  return end === undefined ? { start } : { start, end };
}
