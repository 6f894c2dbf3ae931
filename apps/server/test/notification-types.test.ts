import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationType } from '@studio/contract/notification';
import { createPerson } from '../src/seed/factories';
import { createTestApp, type TestContext } from './helper';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('notification types', () => {
  it('the database takes every type the contract names, and nothing else', async () => {
    const person = await createPerson(t.db);
    const insert = (type: string) =>
      t.db
        .insertInto('notifications')
        .values({ user_id: person.userId, channel_id: null, type: type as NotificationType, params: '{}', message: type, landing_url: null, image_url: null, created_at: new Date() })
        .execute();
    for (const type of NotificationType.options) await expect(insert(type), type).resolves.toBeDefined();
    await expect(insert('NOT_A_TYPE')).rejects.toThrow(/notifications_type_check/);
  });
});
