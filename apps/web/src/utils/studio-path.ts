export const STUDIO_BASENAME = '/studio';

/**
 * The router path for a URL inside this studio (`/studio/profile/alarm#x` →
 * `/profile/alarm#x`), or null when the URL leaves the studio and needs a
 * full-page navigation.
 */
export function toStudioRouterPath(url: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== origin) return null;
  const { pathname, search, hash } = parsed;
  if (pathname !== STUDIO_BASENAME && !pathname.startsWith(`${STUDIO_BASENAME}/`)) return null;
  const inner = pathname.slice(STUDIO_BASENAME.length) || '/';
  return `${inner}${search}${hash}`;
}
