/**
 * Where to go after signing in. Only this studio's own origin is allowed, so
 * the login entry can never be used as an open redirect.
 */
export function resolveContinue(raw: string | undefined, publicUrl: string): string | null {
  const home = `${publicUrl}/studio/`;
  if (raw === undefined || raw === '') return home;
  // Control characters and backslashes are how browsers get talked into other hosts.
  if ([...raw].some((char) => char.charCodeAt(0) < 0x20 || char === '\\')) return null;
  let target: URL;
  try {
    target = new URL(raw, publicUrl);
  } catch {
    return null;
  }
  if (target.origin !== new URL(publicUrl).origin) return null;
  if (target.pathname.startsWith('/auth/')) return home;
  return target.href;
}
