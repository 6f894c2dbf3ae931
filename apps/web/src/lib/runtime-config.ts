/**
 * The server replaces `<!--studio-config-->` in index.html with meta tags, so
 * one build serves every environment. Outside the server (vite dev, tests)
 * the build-time values stand in.
 */
// No zod: this runs on every first load, before any schema is loaded (docs/decisions/057).
const RUNTIME_ENVS = ['production', 'development'] as const;
export type RuntimeEnv = (typeof RUNTIME_ENVS)[number];
const isRuntimeEnv = (value: string | null): value is RuntimeEnv => RUNTIME_ENVS.some((env) => env === value);

type RuntimeConfig = {
  env: RuntimeEnv;
  /** Prefix of every server URL (API, auth, account, media); '' means same origin. */
  apiBase: string;
  /** The account service's account page, linked from the profile; null when the server names none. */
  accountUrl: string | null;
};

function metaContent(doc: Document, name: string): string | null {
  const element = doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  return element ? element.content : null;
}

export function readRuntimeConfig(doc: Document | undefined): RuntimeConfig {
  const fallbackEnv: RuntimeEnv = import.meta.env.MODE === 'production' ? 'production' : 'development';
  const fallbackBase = (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '';
  // Outside the server the bundled account service's page is the one there is.
  const fallbackAccount = (base: string) => `${base}/accounts/account`;
  if (!doc) return { env: fallbackEnv, apiBase: fallbackBase, accountUrl: fallbackAccount(fallbackBase) };

  const env = metaContent(doc, 'studio-env');
  const apiBase = (metaContent(doc, 'studio-api-base') ?? fallbackBase).replace(/\/+$/, '');
  const accountUrl = metaContent(doc, 'studio-account-url');
  return {
    env: isRuntimeEnv(env) ? env : fallbackEnv,
    apiBase,
    // Present but empty: an external account service without a configured account page.
    accountUrl: accountUrl === null ? fallbackAccount(apiBase) : accountUrl || null,
  };
}

let cached: RuntimeConfig | undefined;

/** Read once, on first use. */
export function runtimeConfig(): RuntimeConfig {
  cached ??= readRuntimeConfig(typeof document === 'undefined' ? undefined : document);
  return cached;
}

/** A server URL (API, auth, account page) under the configured base. */
export function serverUrl(path: string): string {
  return `${runtimeConfig().apiBase}${path}`;
}
