import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as constants from '@studio/contract/constants';

/**
 * Issue 21, point 1: each constant of spec sections 5 and 9 is declared once, in the contract
 * (`packages/contract/src/constants.ts`, the e-mail and revenue patterns in `application.ts`), and
 * everything else reads that declaration. This test reads the product's source (not tests, not
 * migrations) and fails on a second declaration or a bare use of such a literal for the same
 * meaning: each rule below lists the shapes a twin takes. Where the same number means something
 * else, the line is allowed below with its reason; an allowance nothing matches any more fails too,
 * so the list stays honest.
 */

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const SCANNED = ['packages/contract/src', 'apps/server/src', 'apps/web/src'];

type Rule = {
  /** The one declaration (`export const NAME` in `home`); that line is never a twin. */
  name: string;
  home: string;
  twins: RegExp[];
};

const CONSTANTS = 'packages/contract/src/constants.ts';
const v = constants;

/** A number as source may write it: 5000 or 5_000. */
const num = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '_?').replace('.', '\\.');
const word = (value: number) => `(?<![\\w.])${num(value)}(?![\\w.])`;
const re = (source: string, flags = '') => new RegExp(source, flags);
/** `size: N`, `SIZE = N`, `pageSize(N)`, `?size=N`, `.limit(N)`, `limit = N`. */
const pageSizeTwins = (value: number) => [
  re(`\\bpageSize\\(\\s*${num(value)}\\s*\\)`),
  re(`\\b\\w*(?:size|SIZE|Size|limit|LIMIT|Limit)\\w*\\s*[:=]\\s*${num(value)}\\b`),
  re(`[?&]size=${num(value)}\\b`),
  re(`\\.limit\\(\\s*${num(value)}\\s*\\)`),
];
/** N days written as a duration: `N * DAY`, `N * 24`, `N * 86_400_000`, `'N days'`, `N_DAYS = N`. */
const dayTwins = (days: number) => [
  re(`(?<![\\w.])${days}\\s*\\*\\s*(?:DAY|24|86_?400)`),
  re(`'${days} days?'`, 'i'),
  re(`\\w*DAYS?\\w*\\s*=\\s*${days}\\b`),
];

const RULES: Rule[] = [
  { name: 'PAGE_SIZE_MANAGEMENT', home: CONSTANTS, twins: pageSizeTwins(v.PAGE_SIZE_MANAGEMENT) },
  { name: 'PAGE_SIZE_NOTIFICATION_DROPDOWN', home: CONSTANTS, twins: pageSizeTwins(v.PAGE_SIZE_NOTIFICATION_DROPDOWN) },
  { name: 'PAGE_SIZE_NOTICE_DROPDOWN', home: CONSTANTS, twins: pageSizeTwins(v.PAGE_SIZE_NOTICE_DROPDOWN) },
  { name: 'PAGE_SIZE_LIVE_LIST', home: CONSTANTS, twins: pageSizeTwins(v.PAGE_SIZE_LIVE_LIST) },
  { name: 'PREVIOUS_LIVES_SIZE', home: CONSTANTS, twins: pageSizeTwins(v.PREVIOUS_LIVES_SIZE) },
  { name: 'STREAM_STATE_REFRESH_MS', home: CONSTANTS, twins: [re(word(v.STREAM_STATE_REFRESH_MS)), /refetchInterval\s*:\s*\d/] },
  { name: 'HTTP_TIMEOUT_MS', home: CONSTANTS, twins: [re(word(v.HTTP_TIMEOUT_MS)), /\bAbortSignal\.timeout\(\s*\d/] },
  {
    name: 'SCROLL_THROTTLE_MS',
    home: CONSTANTS,
    twins: [re(`\\bthrottle\\w*\\([^)]*\\b${v.SCROLL_THROTTLE_MS}\\b`, 'i'), re(`\\w*THROTTLE\\w*\\s*=\\s*\\d`)],
  },
  {
    name: 'RESERVATION_STEP_MINUTES',
    home: CONSTANTS,
    twins: [
      re(`\\w*(?:step|STEP|Step)\\w*\\s*[:=]\\s*${v.RESERVATION_STEP_MINUTES}\\b`),
      re(`%\\s*${v.RESERVATION_STEP_MINUTES}\\b`),
      re(`(?<![\\w.])${v.RESERVATION_STEP_MINUTES}\\s*\\*\\s*(?:60_?000|MINUTE)\\b`),
      /\b49\b/,
    ],
  },
  {
    name: 'KST_OFFSET_HOURS',
    home: CONSTANTS,
    twins: [re(`(?<![\\w.])${v.KST_OFFSET_HOURS}\\s*\\*\\s*(?:60|3_?600|HOUR)\\b`), /['"`][^'"`\n]*[+]09:?00/, /['"`]Asia\/Seoul['"`]/],
  },
  {
    name: 'STREAM_KEY_TITLE_MAX',
    home: CONSTANTS,
    twins: [
      re(`maxLength=\\{${v.STREAM_KEY_TITLE_MAX}\\}`),
      re(`\\.max\\(\\s*${v.STREAM_KEY_TITLE_MAX}\\s*\\)`),
      re(`\\w*TITLE\\w*\\s*=\\s*${v.STREAM_KEY_TITLE_MAX}\\b`),
      re(`\\.slice\\(\\s*0\\s*,\\s*${v.STREAM_KEY_TITLE_MAX}\\s*\\)`),
      re(`/${v.STREAM_KEY_TITLE_MAX}['"\`]`),
    ],
  },
  {
    name: 'MAX_SIMULTANEOUS_BROADCASTS',
    home: CONSTANTS,
    twins: [
      re(`\\w*(?:BROADCAST|ON_AIR|LIVE_LIMIT|SLOT)\\w*\\s*=\\s*${v.MAX_SIMULTANEOUS_BROADCASTS}\\b`),
      re(`air_slot\\s*<=?\\s*${v.MAX_SIMULTANEOUS_BROADCASTS}\\b`),
      re(`length:\\s*${v.MAX_SIMULTANEOUS_BROADCASTS}\\s*\\}`),
    ],
  },
  { name: 'OWNER_INVITE_AUTO_DECLINE_DAYS', home: CONSTANTS, twins: dayTwins(v.OWNER_INVITE_AUTO_DECLINE_DAYS) },
  { name: 'OWNER_TRANSFER_AUTO_DECLINE_DAYS', home: CONSTANTS, twins: dayTwins(v.OWNER_TRANSFER_AUTO_DECLINE_DAYS) },
  { name: 'NOTICE_NEW_DAYS', home: CONSTANTS, twins: dayTwins(v.NOTICE_NEW_DAYS) },
  {
    name: 'THUMBNAIL_QUALITY',
    home: CONSTANTS,
    twins: [re(`\\bquality\\s*:\\s*${v.THUMBNAIL_QUALITY}\\b`, 'i'), re(`\\w*QUALITY\\w*\\s*=\\s*\\d`), /['"`]-q(?::v)?['"`]/],
  },
  {
    name: 'LAYER_THUMBNAIL',
    home: CONSTANTS,
    twins: [
      re(`(?<![\\w.])${v.LAYER_THUMBNAIL.width}\\s*[x×*,]\\s*${v.LAYER_THUMBNAIL.height}(?![\\w.])`),
      re(`(?:height|h)\\s*[:=]\\s*${v.LAYER_THUMBNAIL.height}\\b`),
    ],
  },
  {
    name: 'VIEW_COUNT_THOUSANDS_ABOVE',
    home: CONSTANTS,
    twins: [re(`\\b(?:count|views?)\\w*\\s*[<>]=?\\s*${num(v.VIEW_COUNT_THOUSANDS_ABOVE)}(?![\\w.])`, 'i'), /\b(?:CHEON|\w*_THOUSANDS?)(?:_\w+)?\s*=\s*\d/],
  },
  {
    name: 'VIEW_COUNT_TEN_THOUSANDS_ABOVE',
    home: CONSTANTS,
    twins: [re(`\\b(?:count|views?)\\w*\\s*[<>]=?\\s*${num(v.VIEW_COUNT_TEN_THOUSANDS_ABOVE)}(?![\\w.])`, 'i'), /\b(?:MAN|\w*_TEN_THOUSANDS?)(?:_\w+)?\s*=\s*\d/],
  },
  { name: 'VIEW_COUNT_CAP_TEN_THOUSANDS', home: CONSTANTS, twins: [re(word(v.VIEW_COUNT_CAP_TEN_THOUSANDS)), /\w*MAN_CAP\w*\s*=/] },
  { name: 'URL_DOMAIN_MIN', home: CONSTANTS, twins: [/\w*DOMAIN_MIN\w*\s*=/, /\{\s*2\s*,\s*6\s*\}/] },
  { name: 'URL_DOMAIN_MAX', home: CONSTANTS, twins: [/\w*DOMAIN_MAX\w*\s*=/, /[<>]=?\s*256\b/] },
  { name: 'URL_TLD_MIN', home: CONSTANTS, twins: [/\w*TLD_MIN\w*\s*=/] },
  { name: 'URL_TLD_MAX', home: CONSTANTS, twins: [/\w*TLD_MAX\w*\s*=/] },
  { name: 'EMAIL_PATTERN', home: 'packages/contract/src/application.ts', twins: [/@\[a-z0-9/i, /\w*EMAIL\w*_(?:PATTERN|REGEX|RE)\b\s*=/i] },
  { name: 'REVENUE_PATTERN', home: 'packages/contract/src/application.ts', twins: [/가-힣/, /\w*REVENUE\w*_(?:PATTERN|REGEX|RE)\b\s*=/i] },
];

type Allowance = readonly [rules: readonly string[], file: string, piece: string, why: string];
const MS_5000 = ['STREAM_STATE_REFRESH_MS', 'HTTP_TIMEOUT_MS'];
const SIZE_5 = ['PAGE_SIZE_NOTIFICATION_DROPDOWN', 'PAGE_SIZE_NOTICE_DROPDOWN', 'PREVIOUS_LIVES_SIZE'];

/**
 * Lines where a twin's shape means something else: [rule, file (or folder ending in /), a piece of
 * the line, why]. Keep the piece specific enough that a new twin on another line is still caught.
 */
const ALLOWED: readonly Allowance[] = [
  // Other constants of the contract that happen to share a value.
  [['OWNER_TRANSFER_AUTO_DECLINE_DAYS'], CONSTANTS, 'REVIEWED_APPLY_WINDOW_DAYS = 7', "spec section 2's new-alarm week of the channel selector"],
  [MS_5000, 'packages/contract/src/content.ts', 'POST_BODY_MAX = 5_000', 'the longest post body, in characters'],
  [MS_5000, 'packages/contract/src/live.ts', 'LIVE_DESCRIPTION_MAX = 5000', 'the longest live description, in characters'],
  [['VIEW_COUNT_TEN_THOUSANDS_ABOVE'], 'packages/contract/src/view-count.ts', 'const MAN = 10_000', 'the unit 만 itself (the divisor), not the threshold'],
  [['VIEW_COUNT_THOUSANDS_ABOVE'], 'packages/contract/src/view-count.ts', 'const CHEON = 1_000', 'the unit 천 itself (the divisor), not the threshold'],
  // Page sizes of lists the spec gives no size for.
  [['PAGE_SIZE_MANAGEMENT'], 'packages/contract/src/notice.ts', 'size: pageSize(10)', 'the notices page (/notices), not a management list'],
  [['PAGE_SIZE_MANAGEMENT'], 'apps/web/src/features/notices/components/notice-list.tsx', 'NOTICE_PAGE_SIZE = 10', 'the notices page (/notices), not a management list'],
  [['PAGE_SIZE_MANAGEMENT'], 'apps/web/src/features/channel-home/hooks/use-content-filters.ts', 'CONTENT_PAGE_SIZE = 10', "the channel home's content list"],
  [['PAGE_SIZE_MANAGEMENT'], 'apps/web/src/features/channel-settings/api/get-channel-activity.ts', 'ACTIVITY_PAGE_SIZE = 10', "the channel's activity log"],
  [SIZE_5, 'apps/server/src/modules/lives/ingest/guarded-rtmp.ts', 'TYPE_WINDOW_ACK_SIZE = 5', 'an RTMP message type number'],
  // Five seconds that are not the stream state poll nor the HTTP timeout.
  [MS_5000, 'apps/server/src/modules/lives/ingest/hls-recorder.ts', 'recording.done, 5000', 'how long ffmpeg may take to stop'],
  [MS_5000, 'apps/server/src/modules/lives/ingest/whip-ingest.ts', "state === 'complete', 5000", 'how long ICE candidates may take to gather'],
  [MS_5000, 'apps/server/src/plugins/read-cache.ts', 'CACHE_MAX = 5_000', 'entries kept in the read cache'],
  [MS_5000, 'apps/server/src/plugins/read-cache.ts', 'settle(timeoutMs = 5_000)', "tests' wait for announcements"],
  [MS_5000, 'apps/server/src/plugins/announcement-connection.ts', 'maxRetryMs ?? 5_000', 'the LISTEN reconnect back-off'],
  [MS_5000, 'apps/server/src/plugins/announcement-connection.ts', 'connectionTimeoutMillis: 5_000', 'the LISTEN connection timeout (PostgreSQL, not HTTP)'],
  [MS_5000, 'apps/web/src/app/query-client.ts', 'FRESH_AFTER_FETCH_MS = 5_000', 'decision 024: fetched data counts as fresh for five seconds'],
  [MS_5000, 'apps/web/src/features/loops/hooks/use-tus-upload.ts', 'RETRY_DELAYS_MS = [', 'tus retry back-off'],
  [MS_5000, 'apps/web/src/features/loops/utils/check-file.ts', 'done(UNKNOWN), 5_000', 'how long the browser may take to read a video header'],
  [MS_5000, 'apps/web/src/features/loops/utils/upload-rate.ts', 'RATE_WINDOW_MS = 5_000', 'the upload speed window'],
  [MS_5000, 'apps/server/src/modules/views/view-service.ts', 'SUMMARISE_EVERY_MS = 5_000', "how often a long roll-up summarises the view events' new ranges (decision 065)"],
  // Ten minutes that are not the reservation step.
  [['RESERVATION_STEP_MINUTES'], 'apps/server/src/auth/auth-request-repository.ts', 'AUTH_REQUEST_TTL_MS = 10 * 60_000', 'how long a sign-in may take'],
  [['RESERVATION_STEP_MINUTES'], 'apps/server/src/modules/invites/expiry-sweep.ts', 'EVERY_MS = 10 * 60_000', 'how often the expiry sweep runs (decision 005)'],
  // A week that is not the transfer deadline: relative times ("N일 전") stop at seven days.
  [['OWNER_TRANSFER_AUTO_DECLINE_DAYS'], 'packages/contract/src/format.ts', 'elapsed < 7 * DAY', 'relative time stops at a week'],
  [['OWNER_TRANSFER_AUTO_DECLINE_DAYS'], 'apps/web/src/lib/format/date-time.ts', 'elapsed >= 7 * DAY', 'relative time stops at a week'],
  // The demo world's ages and dates are data, not rules.
  [['OWNER_TRANSFER_AUTO_DECLINE_DAYS', 'NOTICE_NEW_DAYS'], 'apps/server/src/seed/', '* DAY', "the demo world's ages"],
];

type Hit = { rule: string; file: string; line: number; text: string };

/** Comments say what the code does ("quality 75"); they declare nothing. Strings and code stay. */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[\s;{}(),])\/\/.*$/gm, '$1');
}

function findTwins(files: ReadonlyMap<string, string>, rules: readonly Rule[] = RULES): Hit[] {
  const hits: Hit[] = [];
  // The declarations of the spec's constants are never twins (of themselves or of another constant of the same value).
  const declarations = RULES.map((rule) => ({ home: rule.home, pattern: new RegExp(`export const ${rule.name}\\b`) }));
  for (const [file, source] of files) {
    const lines = withoutComments(source).split('\n');
    lines.forEach((text, index) => {
      for (const rule of rules) {
        if (declarations.some((declared) => declared.home === file && declared.pattern.test(text))) continue;
        if (rule.twins.some((twin) => twin.test(text))) hits.push({ rule: rule.name, file, line: index + 1, text: text.trim() });
      }
    });
  }
  return hits;
}

const isAllowed = (hit: Hit, [rules, file, piece]: Allowance) =>
  rules.includes(hit.rule) && (file.endsWith('/') ? hit.file.startsWith(file) : hit.file === file) && hit.text.includes(piece);

function productSources(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (['node_modules', 'migrations', 'testing', 'dist'].includes(entry.name)) continue;
        walk(child);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.set(child, readFileSync(path.join(root, child), 'utf8'));
      }
    }
  };
  SCANNED.forEach(walk);
  return files;
}

describe('spec literals are declared once (spec sections 5 and 9)', () => {
  const files = productSources();
  const hits = findTwins(files);

  it('scans the product source', () => {
    expect(files.size).toBeGreaterThan(200);
    expect(files.has('packages/contract/src/constants.ts')).toBe(true);
  });

  it('finds no twin of a spec constant outside its declaration', () => {
    const twins = hits.filter((hit) => !ALLOWED.some((allowed) => isAllowed(hit, allowed)));
    expect(twins.map((hit) => `${hit.rule}: ${hit.file}:${hit.line}: ${hit.text}`)).toEqual([]);
  });

  it('allows nothing that no longer occurs', () => {
    const stale = ALLOWED.flatMap(([rules, ...rest]) => rules.map((rule) => [[rule], ...rest] as const)).filter(
      (allowed) => !hits.some((hit) => isAllowed(hit, allowed)),
    );
    expect(stale).toEqual([]);
  });

  it('finds a planted twin of each kind', () => {
    const planted = new Map([
      ['apps/web/src/features/lives/api/planted.ts', 'export const planted = { refetchInterval: 5_000 };'],
      ['apps/server/src/modules/invites/planted.ts', 'const deadline = new Date(at.getTime() + 30 * DAY);'],
      ['apps/server/src/modules/transfers/planted.ts', "sql`now() + interval '7 days'`;"],
      ['apps/web/src/lib/planted.ts', 'const signal = AbortSignal.timeout(5000);'],
      ['apps/web/src/features/lives/components/planted.tsx', '<input maxLength={20} />'],
      ['apps/server/src/modules/lives/planted.ts', 'export const MAX_ON_AIR = 5;'],
      ['packages/contract/src/planted.ts', 'if (count > 10000) return "만";'],
      ['apps/web/src/features/applications/planted.ts', 'const ok = /^[가-힣a-z ,]+$/.test(value);'],
      ['apps/server/src/media/planted.ts', 'sharp(input).jpeg({ quality: 75 });'],
      ['apps/web/src/features/notices/planted.ts', "fetch('/api/notices?size=5');"],
    ]);
    const found = findTwins(planted).map((hit) => hit.rule);
    expect(new Set(found)).toEqual(
      new Set([
        'STREAM_STATE_REFRESH_MS',
        'HTTP_TIMEOUT_MS',
        'OWNER_INVITE_AUTO_DECLINE_DAYS',
        'OWNER_TRANSFER_AUTO_DECLINE_DAYS',
        'STREAM_KEY_TITLE_MAX',
        'MAX_SIMULTANEOUS_BROADCASTS',
        'VIEW_COUNT_TEN_THOUSANDS_ABOVE',
        'REVENUE_PATTERN',
        'THUMBNAIL_QUALITY',
        'PAGE_SIZE_NOTIFICATION_DROPDOWN',
        'PAGE_SIZE_NOTICE_DROPDOWN',
        'PREVIOUS_LIVES_SIZE',
      ]),
    );
    // The declarations themselves are not twins; a second declaration beside them is.
    expect(findTwins(new Map([[CONSTANTS, 'export const HTTP_TIMEOUT_MS = 5000;\nexport const STREAM_STATE_REFRESH_MS = 5000;']]))).toEqual([]);
    expect(findTwins(new Map([[CONSTANTS, 'export const REQUEST_TIMEOUT_MS = 5000;']])).map((hit) => hit.rule)).toEqual(MS_5000);
    // A comment that names the number declares nothing.
    expect(findTwins(new Map([['apps/web/src/lib/planted.ts', '// the spec says 5000 ms\n/** quality: 75 */']]))).toEqual([]);
  });
});
