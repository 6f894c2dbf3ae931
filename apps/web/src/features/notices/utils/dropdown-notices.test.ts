import { describe, expect, it } from 'vitest';
import type { Notice } from '@studio/contract/notice';
import { mergeDropdownNotices } from './dropdown-notices';

const notice = (contentId: number, category: Notice['category']): Notice => ({
  contentId,
  title: `notice ${contentId}`,
  timeString: '2026.11.20',
  publishedAt: '2026-11-20T03:00:00.000Z',
  isNew: false,
  category,
});

describe('mergeDropdownNotices', () => {
  it('puts important notices first and caps the total at 5', () => {
    const important = [notice(10, 'STUDIO_IMPORTANT'), notice(11, 'STUDIO_IMPORTANT')];
    const ordinary = [1, 2, 3, 4, 5].map((id) => notice(id, 'STUDIO'));
    expect(mergeDropdownNotices(important, ordinary).map((n) => n.contentId)).toEqual([10, 11, 1, 2, 3]);
  });

  it('shows only important notices when there are 5 of them', () => {
    const important = [20, 21, 22, 23, 24].map((id) => notice(id, 'STUDIO_IMPORTANT'));
    const ordinary = [1, 2].map((id) => notice(id, 'STUDIO'));
    expect(mergeDropdownNotices(important, ordinary).map((n) => n.contentId)).toEqual([20, 21, 22, 23, 24]);
  });

  it('never lists the same notice twice', () => {
    expect(mergeDropdownNotices([notice(1, 'STUDIO_IMPORTANT')], [notice(1, 'STUDIO'), notice(2, 'STUDIO')]).map((n) => n.contentId)).toEqual([1, 2]);
  });
});
