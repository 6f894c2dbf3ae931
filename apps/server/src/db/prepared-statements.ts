import { createHash } from 'node:crypto';

/** Named statements kept per connection; past it, new texts run unnamed (parsed each time) on that connection. */
export const MAX_STATEMENTS_PER_CONNECTION = 256;
/** Names remembered for texts seen before (a name costs a hash of the text otherwise). */
const MAX_KNOWN_NAMES = 2_048;

// One statement that reads or writes rows. Anything else (DDL, SET, LOCK, BEGIN, COMMIT, LISTEN) and any
// text with a `;` (several statements; the extended protocol refuses those) is sent as it came.
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;

const knownNames = new Map<string, string>();

/**
 * A statement carrying this comment is sent unnamed, so PostgreSQL plans it with its values every
 * time. For a statement whose best plan depends on the value itself — a title search, where a rare
 * word wants the trigram index and a common one the date index — a named statement would settle,
 * after five runs, on one generic plan for every value (decision 054). Added by `plannedEachTime`.
 */
export const PLANNED_EACH_TIME = '/* planned each time */';

/** The statement's name: the same text has the same name on every connection and every instance. */
export function statementName(text: string): string | undefined {
  const known = knownNames.get(text);
  if (known !== undefined) return known;
  if (text.includes(';') || !NAMEABLE.test(text) || text.includes(PLANNED_EACH_TIME)) return undefined;
  const name = `s_${createHash('sha1').update(text).digest('base64url')}`;
  if (knownNames.size < MAX_KNOWN_NAMES) knownNames.set(text, name);
  return name;
}

/**
 * Which statements one connection has been asked to prepare. pg parses a named statement once per
 * connection and binds it from then on, so PostgreSQL stops parsing and planning it on every call
 * (after five runs it may keep a generic plan). A connection that dies takes its statements with it,
 * and its replacement starts with an empty set: nothing survives a reconnect that could be stale.
 */
export function connectionStatements(max = MAX_STATEMENTS_PER_CONNECTION) {
  const names = new Set<string>();
  return {
    /** pg's query config for `text`: named when it may be, unnamed past the bound. */
    config(text: string, values: unknown[] | undefined): { text: string; values?: unknown[]; name?: string } {
      const name = statementName(text);
      if (name === undefined || (!names.has(name) && names.size >= max)) return values === undefined ? { text } : { text, values };
      names.add(name);
      return values === undefined ? { text, name } : { text, values, name };
    },
    get size() {
      return names.size;
    },
  };
}

export type ConnectionStatements = ReturnType<typeof connectionStatements>;
