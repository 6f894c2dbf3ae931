/**
 * A minimal browser for sign-in tests: a cookie jar and manual redirects over
 * real HTTP, so the OpenID flow runs exactly as it does for a person.
 */
export class TestBrowser {
  private readonly jar = new Map<string, string>();
  constructor(readonly origin: string) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  setCookie(name: string, value: string) {
    this.jar.set(name, value);
  }

  private store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(header) || /max-age=0/i.test(header)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** `form` as a string is sent as it is, for bodies a record cannot hold (repeated fields). */
  async request(url: string, init: { method?: string; form?: Record<string, string> | string; json?: unknown; accept?: string } = {}) {
    const target = new URL(url, this.origin);
    const headers: Record<string, string> = { accept: init.accept ?? 'text/html' };
    if (this.jar.size) headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (init.method && init.method !== 'GET') headers.origin = this.origin;
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(target, {
      method: init.method ?? 'GET',
      headers,
      redirect: 'manual',
      body: init.json !== undefined ? JSON.stringify(init.json) : typeof init.form === 'string' ? init.form : init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    this.store(response);
    return response;
  }

  /** Follows redirects like a browser; a 303 turns a POST into a GET. Returns the last response and where it was. */
  async navigate(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    let response = await this.request(url, init);
    let current = new URL(url, this.origin).href;
    const visited = [current];
    for (let hops = 0; hops < 20 && response.status >= 300 && response.status < 400; hops++) {
      const location = response.headers.get('location');
      if (!location) break;
      current = new URL(location, current).href;
      visited.push(current);
      if (new URL(current).origin !== this.origin) break;
      response = await this.request(current);
    }
    return { response, url: current, visited, html: await response.text() };
  }
}

export function formAction(html: string): string {
  const match = /<form method="post" action="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no login form in page:\n${html.slice(0, 500)}`);
  return match[1].replace(/&amp;/g, '&');
}
