import { describe, expect, it } from 'vitest';
import { LiveListQuery } from './live';
import { ApplyResultQuery, InviteListQuery, ManagementQuery } from './management';

/**
 * Spec section 9, "Page sizes": the server's defaults when a list is asked without `size`. The numbers
 * are the spec's on purpose, so changing PAGE_SIZE_* in constants.ts fails here.
 */
describe('default page sizes (spec section 9)', () => {
  it('management lists hold 10', () => {
    expect(ManagementQuery.parse({}).size).toBe(10);
    expect(ApplyResultQuery.parse({}).size).toBe(10);
    expect(InviteListQuery.parse({}).size).toBe(10);
  });

  it('the live list holds 30 by default', () => {
    expect(LiveListQuery.parse({}).size).toBe(30);
    expect(LiveListQuery.parse({ size: '5' }).size).toBe(5);
  });
});
