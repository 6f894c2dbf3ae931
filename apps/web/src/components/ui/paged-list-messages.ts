import { useCatalogueT } from '../../lib/i18n/i18n';

/** Texts of paged lists: they load with the lists (lazy pages), not with the first load. */
const ko = {
  'pagination.pastEnd': '이 페이지에는 내용이 없습니다.',
  'pagination.pastEndDescription': '목록은 {total}쪽까지 있습니다.',
  'pagination.toLast': '마지막 페이지로',
} as const;

const en: Record<keyof typeof ko, string> = {
  'pagination.pastEnd': 'Nothing on this page.',
  'pagination.pastEndDescription': '{total, plural, one {The list has # page.} other {The list has # pages.}}',
  'pagination.toLast': 'Go to the last page',
};

export const pagedListMessages = { ko, en };

export function usePagedListT() {
  return useCatalogueT(pagedListMessages);
}
