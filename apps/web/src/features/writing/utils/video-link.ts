import { isValidUrl, linkKind } from '@studio/contract/links';

/**
 * Spec section 5: link kinds are recognised by domain. The video site's
 * links become cards in the editor; every other address stays a plain link.
 */
export function isVideoLink(url: string): boolean {
  return isValidUrl(url) && linkKind(url) === 'YOUTUBE';
}

/** A pasted text that is one video address and nothing else. */
export function pastedVideoLink(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  return isVideoLink(trimmed) ? trimmed : null;
}
