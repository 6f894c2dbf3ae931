import { describe, expect, it } from 'vitest';
import { apiSecurityHeaders, securityHeaders } from './security-headers';

describe('securityHeaders', () => {
  it('adds HSTS and upgrades insecure requests only behind HTTPS', () => {
    const secure = securityHeaders({ secure: true, issuerOrigin: 'https://login.example' });
    expect(secure['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(secure['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(secure['content-security-policy']).toContain("form-action 'self' https://login.example");
    const plain = securityHeaders({ secure: false, issuerOrigin: 'http://localhost:8080' });
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(plain['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('forbids plugins and <base> in both sets, and sends a referrer policy with each', () => {
    for (const headers of [securityHeaders({ secure: false, issuerOrigin: 'http://localhost:8080' }), apiSecurityHeaders({ secure: false })]) {
      const directives = (headers['content-security-policy'] ?? '').split(';').map((directive) => directive.trim());
      expect(directives).toContain("object-src 'none'");
      expect(directives).toContain("base-uri 'none'");
      expect(directives).toContain("frame-ancestors 'none'");
    }
    expect(apiSecurityHeaders({ secure: false })['referrer-policy']).toBe('no-referrer');
    // Pages keep a referrer policy that still sends Origin on their own form posts (the CSRF check needs it).
    expect(securityHeaders({ secure: false, issuerOrigin: 'http://localhost:8080' })['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
