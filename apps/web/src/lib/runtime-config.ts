import { z } from 'zod/mini';

/**
 * The server replaces `<!--studio-config-->` in index.html with meta tags, so
 * one build serves every environment. Outside the server (vite dev, tests)
 * the build-time values stand in.
 */
// zod/mini: this runs on every first load (docs/decisions/023).
const RuntimeEnv = z.enum(['production', 'development']);
export type RuntimeEnv = z.infer<typeof RuntimeEnv>;

type RuntimeConfig = {
  env: RuntimeEnv;
  /** Prefix of every server URL (API, auth, account, media); '' means same origin. */
  apiBase: string;
};

function metaContent(doc: Document, name: string): string | null {
  const element = doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  return element ? element.content : null;
}

export function readRuntimeConfig(doc: Document | undefined): RuntimeConfig {
  const fallbackEnv: RuntimeEnv = import.meta.env.MODE === 'production' ? 'production' : 'development';
  const fallbackBase = (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '';
  if (!doc) return { env: fallbackEnv, apiBase: fallbackBase };

  const env = RuntimeEnv.safeParse(metaContent(doc, 'studio-env'));
  const apiBase = metaContent(doc, 'studio-api-base');
  return {
    env: env.success ? env.data : fallbackEnv,
    apiBase: (apiBase ?? fallbackBase).replace(/\/+$/, ''),
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
