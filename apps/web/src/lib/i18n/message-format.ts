/**
 * The subset of ICU MessageFormat the catalogues use, in ~1 KiB instead of a
 * library (see docs/decisions/009-where-texts-are-rendered.md): `{name}`, `{count, plural, =0 {…} one {…}
 * other {…}}` with `#` for the number, and `{kind, select, a {…} other {…}}`.
 * Messages are parsed once per text and cached.
 */
export type MessageParams = Record<string, string | number>;

type Part =
  | string
  | { arg: string }
  | { arg: string; kind: 'plural' | 'select'; options: Record<string, Part[]> }
  | { pound: true };

const cache = new Map<string, Part[]>();
const pluralRules = new Map<string, Intl.PluralRules>();

function parse(text: string, start: number, inPlural: boolean): [Part[], number] {
  const parts: Part[] = [];
  let literal = '';
  let index = start;
  const flush = () => {
    if (literal) parts.push(literal);
    literal = '';
  };
  while (index < text.length) {
    const char = text[index]!;
    if (char === '}') break;
    if (char === '#' && inPlural) {
      flush();
      parts.push({ pound: true });
      index += 1;
    } else if (char === '{') {
      flush();
      const [part, next] = parseArgument(text, index + 1);
      parts.push(part);
      index = next;
    } else {
      literal += char;
      index += 1;
    }
  }
  flush();
  return [parts, index];
}

/** After `{`: `name}` or `name, plural|select, key {…} key {…}}`. Returns the index after the closing brace. */
function parseArgument(text: string, start: number): [Part, number] {
  const header = /^\s*(\w+)\s*(?:,\s*(plural|select)\s*,)?/.exec(text.slice(start));
  if (!header) throw new SyntaxError(`Bad message argument at ${start}: ${text}`);
  const arg = header[1]!;
  let index = start + header[0].length;
  const kind = header[2] as 'plural' | 'select' | undefined;
  if (!kind) {
    if (text[index] !== '}') throw new SyntaxError(`Unclosed argument {${arg} in: ${text}`);
    return [{ arg }, index + 1];
  }
  const options: Record<string, Part[]> = {};
  for (;;) {
    const option = /^\s*(=?\w+)\s*\{/.exec(text.slice(index));
    if (!option) break;
    const [body, end] = parse(text, index + option[0].length, kind === 'plural');
    if (text[end] !== '}') throw new SyntaxError(`Unclosed option ${option[1]} in: ${text}`);
    options[option[1]!] = body;
    index = end + 1;
  }
  const close = /^\s*\}/.exec(text.slice(index));
  if (!close || !options.other) throw new SyntaxError(`A ${kind} needs an "other" option and a closing brace: ${text}`);
  return [{ arg, kind, options }, index + close[0].length];
}

function compiled(text: string): Part[] {
  let parts = cache.get(text);
  if (!parts) {
    parts = parse(text, 0, false)[0];
    cache.set(text, parts);
  }
  return parts;
}

function plural(locale: string, value: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(value);
}

function render(parts: Part[], params: MessageParams, locale: string, count: number | undefined): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if ('pound' in part) out += count === undefined ? '#' : new Intl.NumberFormat(locale).format(count);
    else if (!('kind' in part)) out += part.arg in params ? String(params[part.arg]) : `{${part.arg}}`;
    else {
      const value = params[part.arg];
      if (part.kind === 'plural') {
        const number = Number(value ?? 0);
        const branch = part.options[`=${number}`] ?? part.options[plural(locale, number)] ?? part.options.other!;
        out += render(branch, params, locale, number);
      } else {
        out += render(part.options[String(value)] ?? part.options.other!, params, locale, count);
      }
    }
  }
  return out;
}

/** Fills a catalogue text with its parameters; a missing parameter stays visible as `{name}`. */
export function formatMessage(text: string, params: MessageParams | undefined, locale: string): string {
  if (!text.includes('{')) return text;
  return render(compiled(text), params ?? {}, locale, undefined);
}

/** The argument names a text uses, for the catalogue consistency tests. */
export function messageArguments(text: string): string[] {
  const names = new Set<string>();
  const walk = (parts: Part[]) => {
    for (const part of parts) {
      if (typeof part === 'string' || 'pound' in part) continue;
      names.add(part.arg);
      if ('kind' in part) Object.values(part.options).forEach(walk);
    }
  };
  walk(compiled(text));
  return [...names].sort();
}
