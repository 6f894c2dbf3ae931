import { serverUrl } from './runtime-config';

/** Full-page navigation, kept in one place so tests can observe it. */
export function assignLocation(url: string): void {
  window.location.assign(url);
}

/** The account service's login, returning here afterwards. */
export function loginUrl(returnTo: string): string {
  return serverUrl(`/auth/login?continue=${encodeURIComponent(returnTo)}`);
}
