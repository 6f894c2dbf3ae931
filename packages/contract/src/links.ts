import { z } from 'zod';
import { URL_DOMAIN_MAX, URL_DOMAIN_MIN, URL_TLD_MAX, URL_TLD_MIN } from './constants';

/**
 * Spec section 5, "URL": it starts with http or https, the domain is 2 to 256
 * characters and the top-level part is 2 to 6 letters. The domain is what
 * stands between `://` and the last dot of the host (sub-domains included);
 * a port and a path, query or fragment without white space may follow.
 */
const URL_PATTERN = new RegExp(
  `^https?://(?<domain>[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)\\.(?<tld>[a-z]{${URL_TLD_MIN},${URL_TLD_MAX}})(?::\\d{1,5})?(?:[/?#]\\S*)?$`,
  'i',
);

export const URL_MAX_LENGTH = 2000;

/** Whether `value` is a link the studio accepts (spec section 5). */
export function isValidUrl(value: string): boolean {
  if (value.length > URL_MAX_LENGTH) return false;
  const match = URL_PATTERN.exec(value);
  const domain = match?.groups?.domain;
  if (!domain || domain.length < URL_DOMAIN_MIN || domain.length > URL_DOMAIN_MAX) return false;
  // Labels are never empty: no `a..b`.
  return !domain.includes('..') && !domain.includes('.-') && !domain.includes('-.');
}

/** A link as the API receives it: trimmed, then the spec's URL rule. */
export const LinkUrl = z
  .string()
  .trim()
  .min(1)
  .refine(isValidUrl, { message: `must be an http(s) address with a ${URL_DOMAIN_MIN}-${URL_DOMAIN_MAX} character domain and a ${URL_TLD_MIN}-${URL_TLD_MAX} letter top-level part` })
  .meta({ maxLength: URL_MAX_LENGTH, format: 'uri' });

/**
 * Spec section 5, "Link kinds are recognised by domain: talk channel, video
 * site, two social sites, otherwise other."
 */
export const LinkKind = z.enum(['TALK_CHANNEL', 'YOUTUBE', 'INSTAGRAM', 'FACEBOOK', 'OTHER']);
export type LinkKind = z.infer<typeof LinkKind>;

/** Registered domains of each known kind; a host matches the domain itself or any sub-domain of it. */
const KIND_DOMAINS: readonly (readonly [Exclude<LinkKind, 'OTHER'>, readonly string[]])[] = [
  ['TALK_CHANNEL', ['pf.kakao.com']],
  ['YOUTUBE', ['youtube.com', 'youtu.be']],
  ['INSTAGRAM', ['instagram.com', 'instagr.am']],
  ['FACEBOOK', ['facebook.com', 'fb.com', 'fb.me']],
];

function hostOf(url: string): string | null {
  const match = /^https?:\/\/([^/?#:\s]+)/i.exec(url.trim());
  return match?.[1] ? match[1].toLowerCase().replace(/\.$/, '') : null;
}

/** The kind of a link, by its host's domain; anything unknown (or not a link at all) is OTHER. */
export function linkKind(url: string): LinkKind {
  const host = hostOf(url);
  if (!host) return 'OTHER';
  for (const [kind, domains] of KIND_DOMAINS) {
    if (domains.some((domain) => host === domain || host.endsWith(`.${domain}`))) return kind;
  }
  return 'OTHER';
}
