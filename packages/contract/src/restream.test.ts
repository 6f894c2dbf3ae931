import { describe, expect, it } from 'vitest';
import { RESTREAM_KEY_MAX, RESTREAM_URL_MAX, restreamKeyHint, restreamKeyProblem, restreamUrlProblem } from './restream';

describe('restream target addresses', () => {
  it('accepts rtmp and rtmps servers with an application path', () => {
    for (const url of ['rtmp://a.rtmp.youtube.com/live2', 'rtmps://live-api-s.facebook.com:443/rtmp', 'rtmp://127.0.0.1:1935/app', 'rtmp://[::1]:1935/app', 'RTMP://live.twitch.tv/app']) {
      expect(restreamUrlProblem(url), url).toBeNull();
    }
  });

  it('names what is wrong', () => {
    expect(restreamUrlProblem('http://example.com/app')).toBe('SCHEME');
    expect(restreamUrlProblem('example.com/app')).toBe('SCHEME');
    expect(restreamUrlProblem('rtmp:///app')).toBe('HOST');
    expect(restreamUrlProblem('rtmp://exa mple.com/app')).toBe('HOST');
    expect(restreamUrlProblem('rtmp://example.com:0/app')).toBe('PORT');
    expect(restreamUrlProblem('rtmp://example.com:65536/app')).toBe('PORT');
    expect(restreamUrlProblem('rtmp://example.com:abc/app')).toBe('PORT');
    expect(restreamUrlProblem('rtmp://example.com:/app')).toBe('PORT');
    expect(restreamUrlProblem('rtmp://user:secret@example.com/app')).toBe('CREDENTIALS');
    expect(restreamUrlProblem('rtmp://user@example.com/app')).toBe('CREDENTIALS');
    expect(restreamUrlProblem('rtmp://example.com')).toBe('APP');
    expect(restreamUrlProblem('rtmp://example.com/')).toBe('APP');
    expect(restreamUrlProblem('rtmp://example.com/app?key=1')).toBe('QUERY');
    expect(restreamUrlProblem('rtmp://example.com/app#x')).toBe('QUERY');
    expect(restreamUrlProblem(`rtmp://example.com/${'a'.repeat(RESTREAM_URL_MAX)}`)).toBe('TOO_LONG');
  });
});

describe('restream target keys', () => {
  it('takes 1 to RESTREAM_KEY_MAX visible characters', () => {
    expect(restreamKeyProblem('live_abc?s_bl=1&s_psm=1')).toBeNull();
    expect(restreamKeyProblem('x'.repeat(RESTREAM_KEY_MAX))).toBeNull();
    expect(restreamKeyProblem('')).toBe('EMPTY');
    expect(restreamKeyProblem('x'.repeat(RESTREAM_KEY_MAX + 1))).toBe('TOO_LONG');
    expect(restreamKeyProblem('two words')).toBe('CHARACTERS');
    expect(restreamKeyProblem('키')).toBe('CHARACTERS');
  });

  it('shows a saved key masked: its last four characters only when it is long', () => {
    expect(restreamKeyHint('abcd-efgh-ijkl-mnop')).toBe('••••mnop');
    expect(restreamKeyHint('short-key')).toBe('••••');
  });
});
