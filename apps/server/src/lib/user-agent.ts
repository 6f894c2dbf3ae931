/**
 * A session's device as a person would name it: browser and operating system, nothing finer (no
 * versions, no device model). Read from the User-Agent header by a few ordered rules, the way the
 * browsers themselves describe one another: Edge, Opera, Samsung Internet, Whale and the in-app
 * browsers say "Chrome" too, so they are asked first; Chrome says "Safari", so Safari comes last.
 * Anything else is null (the page writes "unknown"). Never stored raw (migration 0030).
 */
export type Device = { browser: string | null; os: string | null };

const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bKAKAOTALK\b/i, 'KakaoTalk'],
  [/\bNAVER\(inapp/i, 'NAVER'],
  [/\bWhale\//, 'Whale'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Edg|EdgA|EdgiOS|Edge)\//, 'Edge'],
  [/\b(?:OPR|OPiOS|Opera)\//, 'Opera'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (rules: readonly (readonly [RegExp, string])[], value: string) => rules.find(([pattern]) => pattern.test(value))?.[1] ?? null;

/** Only the first 512 characters are read: a longer header is either a lie or noise. */
export function deviceOf(userAgent: string | undefined): Device {
  if (!userAgent) return { browser: null, os: null };
  const value = userAgent.slice(0, 512);
  return { browser: first(BROWSERS, value), os: first(SYSTEMS, value) };
}
