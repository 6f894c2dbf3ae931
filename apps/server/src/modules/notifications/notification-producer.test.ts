import { describe, expect, it } from 'vitest';
import { landing } from './notification-producer';

describe('landing addresses', () => {
  it('are all full studio addresses, which the browser routes inside the app', () => {
    const addresses = [
      landing.invite(1),
      landing.transfer(2),
      landing.channel(3),
      landing.channelSettings(3),
      landing.management(),
      landing.applyResults(),
      landing.live(3, 4),
      landing.loop(3, '0b7f3c4e-8a8e-4c1e-9d7e-2f7a4c1b9e10'),
      landing.contentPreview(3, 5),
      landing.contentEdit({ kind: 'CONTENT_VIEW', channelId: 3, id: 5 }),
      landing.contentEdit({ kind: 'POST', channelId: 3, id: 6 }),
      landing.alarm(),
    ];
    for (const address of addresses) expect(address).toMatch(/^\/studio\/[^\s]+$/);
    expect(landing.invite(1)).toBe('/studio/profile/alarm#inviteObjectId=1');
    expect(landing.transfer(2)).toBe('/studio/profile/alarm#transferObjectId=2');
    expect(landing.loop(3, 'x')).toBe('/studio/channels/3/videos/shorts/upload#loop=x');
    expect(landing.contentEdit({ kind: 'CONTENT_VIEW', channelId: 3, id: 5 })).toBe('/studio/editor/3/5');
    expect(landing.contentEdit({ kind: 'POST', channelId: 3, id: 6 })).toBe('/studio/channels/3');
  });
});
