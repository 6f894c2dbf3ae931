import { KST_OFFSET_HOURS } from '@studio/contract/constants';
import { formatKstDate } from '@studio/contract/format';

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as the studio prints a deadline, in Korean time: 2026.11.29 14:05 */
export function formatKstDateTime(iso: string): string {
  const date = new Date(iso);
  const shifted = new Date(date.getTime() + KST_OFFSET_HOURS * 3_600_000);
  return `${formatKstDate(date)} ${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`;
}
