import { describe, expect, it } from 'vitest';
import { isLocalHost } from './restream-service';

describe('local and private target addresses', () => {
  it('refuses this machine and private networks by literal address', () => {
    for (const host of ['localhost', 'studio.localhost', '127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '[::1]', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1']) {
      expect(isLocalHost(host), host).toBe(true);
    }
  });

  it('lets public addresses and names through', () => {
    for (const host of ['a.rtmp.youtube.com', 'live.twitch.tv', '8.8.8.8', '172.32.0.1', '192.169.0.1', '2001:4860:4860::8888']) {
      expect(isLocalHost(host), host).toBe(false);
    }
  });
});
