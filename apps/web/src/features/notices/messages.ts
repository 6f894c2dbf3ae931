import { type FeatureT, useCatalogueT } from '../../lib/i18n/i18n';

/** Texts of the notice pages only (loaded with them); the shell's notice words stay in its catalogue. */
const ko = {
  'notice.neighbours': '이전 글과 다음 글',
  'notice.previous': '이전 글',
  'notice.next': '다음 글',
} as const;

export type NoticesMessageKey = keyof typeof ko;

const en: Record<NoticesMessageKey, string> = {
  'notice.neighbours': 'Previous and next notices',
  'notice.previous': 'Previous',
  'notice.next': 'Next',
};

export const noticesMessages = { ko, en };

export function useNoticesT(): FeatureT<NoticesMessageKey> {
  return useCatalogueT(noticesMessages);
}
