import { describe, expect, it } from 'vitest';
import { CreateInviteBody } from '@studio/contract/member';
import { formResolver } from './form-resolver';

const resolve = (values: { login: string; role: string }) =>
  formResolver(CreateInviteBody)(values as never, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('formResolver', () => {
  it('names an empty or blank field required', async () => {
    expect((await resolve({ login: '', role: 'MANAGER' })).errors.login?.message).toBe('required');
    expect((await resolve({ login: '   ', role: 'MANAGER' })).errors.login?.message).toBe('required');
  });

  it('names anything else the schema refuses invalid', async () => {
    expect((await resolve({ login: 'x'.repeat(101), role: 'MANAGER' })).errors.login?.message).toBe('invalid');
    expect((await resolve({ login: 'newbie', role: 'OWNER' })).errors.role?.message).toBe('invalid');
  });

  it("gives the schema's output when the values pass", async () => {
    expect((await resolve({ login: ' newbie ', role: 'MANAGER' })).values).toEqual({ login: 'newbie', role: 'MANAGER' });
  });
});
