import type { Locale } from '../i18n/i18n';
import { formatDate, formatRelativeTime } from './date-time';

const MINUTE = 60_000;
const unitMs: Record<string, number> = { 분: MINUTE, 시간: 60 * MINUTE, 일: 24 * 60 * MINUTE };

/**
 * Answers that do not carry their instant yet (issue 6.4 moves them to ISO
 * `createdAt`) send the server's Korean `timeString`: 방금 전, N분 전, N시간 전,
 * N일 전 or 2026.11.22. Read it back into the chosen language so English
 * shows no Korean; anything else is shown as sent. Delete once every answer
 * has its instant.
 */
export function legacyTimeLabel(timeString: string, locale: Locale, now: Date = new Date()): string {
  if (locale === 'ko') return timeString;
  if (timeString === '방금 전') return formatRelativeTime(now.toISOString(), locale, now);
  const relative = /^(\d+)(분|시간|일) 전$/.exec(timeString);
  if (relative) {
    const elapsed = Number(relative[1]) * unitMs[relative[2]!]!;
    return formatRelativeTime(new Date(now.getTime() - elapsed).toISOString(), locale, now);
  }
  const date = /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(timeString);
  // Noon in Seoul is the same calendar day in every zone the formatter could meet.
  if (date) return formatDate(`${date[1]}-${date[2]}-${date[3]}T03:00:00.000Z`, locale);
  return timeString;
}
