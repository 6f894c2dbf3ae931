import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

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
});
