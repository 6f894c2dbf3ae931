import { describe, expect, it } from 'vitest';
import { profileChanges } from './channel-rules';

const base = { name: '채널', description: '', profile_image_url: null, banner_image_url: null, links: [{ url: 'https://a.example.com' }] };

describe('profileChanges', () => {
  it('finds nothing when nothing differs', () => {
    expect(profileChanges(base, { ...base, links: [{ url: 'https://a.example.com' }] })).toEqual([]);
  });

  it('names each part that differs, in the form order', () => {
    expect(
      profileChanges(base, { name: '새 이름', description: '소개', profile_image_url: '/media/profiles/a.jpg', banner_image_url: '/media/profiles/b.jpg', links: [] }),
    ).toEqual(['NAME', 'DESCRIPTION', 'PROFILE_IMAGE', 'BANNER', 'LINKS']);
  });

  it('counts reordered or replaced links as a change', () => {
    const two = { ...base, links: [{ url: 'https://a.example.com' }, { url: 'https://b.example.com' }] };
    expect(profileChanges(two, { ...two, links: [...two.links].reverse() })).toEqual(['LINKS']);
    expect(profileChanges(base, { ...base, links: [{ url: 'https://c.example.com' }] })).toEqual(['LINKS']);
  });
});
