import { PAGE_NUMBER_MAX, SEARCH_TEXT_MAX } from '@studio/contract/constants';
import { ChannelStatus } from '@studio/contract/enums';
import type { AuditFilter, ChannelFilter, NoticeFilter } from '../api/operator-keys';
import { NoticeCategory } from '@studio/contract/enums';

const pageOf = (params: URLSearchParams) => {
  const value = Number(params.get('page') ?? '0');
  return Number.isInteger(value) && value >= 0 && value <= PAGE_NUMBER_MAX ? value : 0;
};

/** The channel search as the address holds it (`?q=&status=&page=`); anything unreadable is left out. */
export function readChannelSearch(params: URLSearchParams): ChannelFilter {
  const status = ChannelStatus.safeParse(params.get('status'));
  return { q: (params.get('q') ?? '').trim().slice(0, SEARCH_TEXT_MAX), status: status.success ? status.data : '', page: pageOf(params) };
}

export function readNoticeSearch(params: URLSearchParams): NoticeFilter {
  const category = NoticeCategory.safeParse(params.get('category'));
  return { category: category.success ? category.data : '', page: pageOf(params) };
}

const UPPER = /^[A-Z][A-Z0-9_]{0,63}$/;

export function readAuditSearch(params: URLSearchParams): AuditFilter {
  const action = params.get('action') ?? '';
  const objectType = params.get('objectType') ?? '';
  const objectId = params.get('objectId') ?? '';
  return {
    ...(UPPER.test(action) ? { action } : {}),
    ...(UPPER.test(objectType) && objectType.length <= 32 ? { objectType } : {}),
    ...(/^[1-9][0-9]{0,15}$/.test(objectId) ? { objectId } : {}),
    page: pageOf(params),
  };
}

/** A search as address parameters: empty values and page 0 are left out. */
export function toSearchParams(values: Record<string, string | number | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === '' || (key === 'page' && value === 0)) continue;
    params.set(key, String(value));
  }
  return params;
}

/** Labels as the operator types them: one `code:name` per line. Null when a line cannot be read. */
export function parseLabels(text: string): { code: string; name: string }[] | null {
  const labels: { code: string; name: string }[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const at = trimmed.indexOf(':');
    if (at <= 0) return null;
    const code = trimmed.slice(0, at).trim();
    const name = trimmed.slice(at + 1).trim();
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(code) || name.length === 0 || name.length > 40) return null;
    labels.push({ code, name });
  }
  return labels.length > 10 ? null : labels;
}

export function formatLabels(labels: { code: string; name: string }[]): string {
  return labels.map((label) => `${label.code}:${label.name}`).join('\n');
}
