import { expect, test as base, type Page } from '@playwright/test';
import type { MemberRole } from '@studio/contract/enums';
import type { Db } from '../../apps/server/src/db/schema';
import { addMember, createChannel, createPerson, type Person } from '../../apps/server/src/seed/factories';
import { connectToE2eDatabase } from './db';

export type DemoLogin = 'creator' | 'manager' | 'newbie' | 'operator';

/** Signs in through the real login page of the account service, as a person would. */
export async function login(page: Page, who: DemoLogin | Person, target = '/studio/') {
  await page.goto(target);
  await expect(page).toHaveURL(/\/accounts\/interaction\//);
  await page.locator('input[name="login"]').fill(typeof who === 'string' ? who : who.login);
  await page.locator('input[name="password"]').fill('demo1234');
  await page.getByRole('button', { name: /^(로그인|Log in)$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/${target.replace(/^\/studio\/?/, '').replace(/[?#].*$/, '')}`));
}

/** Signs the page out (drops its cookies) and in again as someone else. */
export async function switchTo(page: Page, who: DemoLogin | Person, target = '/studio/') {
  await page.context().clearCookies();
  await login(page, who, target);
}

type ChannelOverrides = Parameters<typeof createChannel>[1];

/** Builders for a test's own world, on top of the factories the demo seed uses. */
export type World = {
  db: Db;
  /** A new account (password demo1234) with a readable, unique name. */
  person: (name?: string, overrides?: { isOperator?: boolean }) => Promise<Person>;
  /** A new channel with its owner (and optional members). */
  channel: (owner: Person, overrides?: ChannelOverrides, members?: [Person, MemberRole][]) => Promise<{ id: number; name: string }>;
  /** A channel with nobody holding a role (waiting for an owner invite to be accepted). */
  createOwnerless: (overrides?: ChannelOverrides) => Promise<{ id: number; name: string }>;
};

let sequence = 0;
const uniqueSuffix = () => `${Date.now().toString(36).slice(-5)}${(sequence++).toString(36)}`;

export const test = base.extend<{ world: World }, { db: Db }>({
  db: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const db = connectToE2eDatabase();
      await use(db);
      await db.destroy();
    },
    { scope: 'worker' },
  ],
  world: async ({ db }, use) => {
    await use({
      db,
      person: (name = 'Tester', overrides = {}) => {
        const suffix = uniqueSuffix();
        return createPerson(db, { login: `e2e${suffix}`, name: `${name} ${suffix}`, ...overrides });
      },
      channel: async (owner, overrides = {}, members = []) => {
        const name = overrides.name ?? `Channel ${uniqueSuffix()}`;
        const id = await createChannel(db, { ...overrides, name });
        await addMember(db, id, owner.userId, 'OWNER');
        for (const [person, role] of members) await addMember(db, id, person.userId, role);
        return { id, name };
      },
      createOwnerless: async (overrides = {}) => {
        const name = overrides.name ?? `Ownerless ${uniqueSuffix()}`;
        return { id: await createChannel(db, { ...overrides, name }), name };
      },
    });
  },
});

export { expect };
