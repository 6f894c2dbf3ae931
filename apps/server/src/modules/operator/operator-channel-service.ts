import type { Transaction } from 'kysely';
import type { OperatorChannel, OperatorChannelCreate, OperatorChannelUpdate } from '@studio/contract/operator';
import { toPage, type Page } from '@studio/contract/page';
import type { ChannelRow, Database, Db } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { insertChannel, toChannel } from '../channels/channel-repository';
import { insertInvite } from '../invites/invite-repository';
import { channelCrewIds, channelOwner, findUserByLogin, lockMemberships } from '../members/member-repository';
import { landing, notify } from '../notifications/notification-producer';
import { recordOperatorAction } from './audit-repository';
import { lockChannel, operatorChannelRepository, pendingOwnerInvite, updateChannel, type ChannelSearch } from './operator-channel-repository';
import { isUniqueViolation } from '../../db/database';

type Trx = Transaction<Database>;
type Field = keyof OperatorChannelUpdate;
type Ownership = Awaited<ReturnType<ReturnType<typeof operatorChannelRepository>['ownership']>>;

/** The fields that decide what the channel's crew may create (its status and create options): a change to one is told to them. */
const SERVICE_FIELDS = ['status', 'shortsStatus', 'liveStatus', 'useDocumentWrite', 'usePostWrite'] as const satisfies readonly Field[];

/** A channel as the operator console shows it: with its owner, or else its pending owner invite. */
function present(row: ChannelRow, ownership: Ownership): OperatorChannel {
  const owner = ownership.owners.find((candidate) => candidate.channelId === row.id);
  const invite = owner ? undefined : ownership.invites.find((candidate) => candidate.channelId === row.id);
  return {
    ...toChannel(row),
    owner: owner ? { userId: owner.userId, login: owner.login, name: owner.name } : null,
    pendingOwnerInvite: invite ? { inviteId: invite.inviteId, login: invite.login, name: invite.name, expiresAt: invite.expiresAt?.toISOString() ?? null } : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A channel's operator-set fields, in the API's names (what the audit log records). */
export function operatorFields(row: ChannelRow): Required<OperatorChannelUpdate> {
  return {
    status: row.status,
    shortsStatus: row.shorts_status,
    liveStatus: row.live_status,
    useMainnews: row.use_mainnews,
    useDocumentWrite: row.use_document_write,
    usePostWrite: row.use_post_write,
    labels: row.labels,
  };
}

/** Only the fields whose value really changes, with their values before and after. */
export function channelChanges(current: ChannelRow, update: OperatorChannelUpdate) {
  const now = operatorFields(current);
  const before: Partial<Record<Field, unknown>> = {};
  const after: Partial<Record<Field, unknown>> = {};
  const changed: OperatorChannelUpdate = {};
  for (const field of Object.keys(update) as Field[]) {
    const next = update[field];
    if (next === undefined || JSON.stringify(next) === JSON.stringify(now[field])) continue;
    before[field] = now[field];
    after[field] = next;
    Object.assign(changed, { [field]: next });
  }
  return { changed, before, after, any: Object.keys(changed).length > 0 };
}

/**
 * Channels as operators run them. A status or flag change is one locked update
 * in one transaction with its audit row. Calls that may write (create calls,
 * invite accepts) read the channel from the database and see the change at once.
 * Reads may be served from memory (plugins/read-cache.ts: the create menu, the
 * access check of a GET): each instance drops what it keeps of the channel when
 * it hears migration 0016's triggers announce the change, a moment after the commit.
 * A change to what the channel already is changes nothing and is not logged.
 */
export function operatorChannelService(db: Db) {
  const channels = operatorChannelRepository(db);
  const one = async (row: ChannelRow) => present(row, await channels.ownership([row.id]));

  async function inviteOwnerIn(trx: Trx, operatorId: number, channel: ChannelRow, login: string, now: Date): Promise<number> {
    const target = await findUserByLogin(trx, login);
    if (!target) throw new AppError('ACCOUNT_NOT_FOUND', undefined, { login });
    await lockMemberships(trx, channel.id);
    if (await channelOwner(trx, channel.id)) throw new AppError('CHANNEL_HAS_OWNER');
    const pending = await pendingOwnerInvite(trx, channel.id);
    if (pending) throw new AppError(pending.invitee_user_id === target.id ? 'ALREADY_INVITED' : 'OWNER_INVITE_PENDING', undefined, { login });
    let inviteId: number;
    try {
      inviteId = await insertInvite(trx, { channelId: channel.id, inviteeId: target.id, inviterId: operatorId, role: 'OWNER', at: now });
    } catch (error) {
      // A pending MANAGER invite of the same person holds the one-pending-invite index.
      if (isUniqueViolation(error, 'channel_invites_one_pending')) throw new AppError('ALREADY_INVITED', undefined, { login });
      throw error;
    }
    await notify(trx, {
      to: target.id,
      channel: { id: channel.id, name: channel.name },
      type: 'INVITE_RECEIVED',
      params: { role: 'OWNER' },
      landingUrl: landing.invite(inviteId),
      at: now,
    });
    await recordOperatorAction(trx, {
      operatorId,
      action: 'CHANNEL_OWNER_INVITE',
      objectType: 'CHANNEL',
      objectId: channel.id,
      before: null,
      after: { inviteId, login: target.login, name: target.name },
      at: now,
    });
    return inviteId;
  }

  return {
    /** Channels of any status by id or name, newest first, each with its owner or pending owner invite. */
    async search(search: ChannelSearch, page: number, size: number): Promise<Page<OperatorChannel>> {
      const found = await channels.search(search, page, size);
      const ownership = await channels.ownership(found.rows.map((row) => row.id));
      return toPage(
        found.rows.map((row) => present(row, ownership)),
        found.total,
        page,
        size,
      );
    },

    async get(channelId: number): Promise<OperatorChannel> {
      const row = await channels.find(channelId);
      if (!row) throw new AppError('CHANNEL_NOT_FOUND');
      return one(row);
    },

    /** Answers the channel as changed; its owner is read after the commit. */
    async update(operatorId: number, channelId: number, update: OperatorChannelUpdate, now: Date): Promise<OperatorChannel> {
      const row = await db.transaction().execute(async (trx) => {
        const current = await lockChannel(trx, channelId);
        if (!current) throw new AppError('CHANNEL_NOT_FOUND');
        const { changed, before, after, any } = channelChanges(current, update);
        if (!any) return current;
        const updated = await updateChannel(trx, channelId, changed, now);
        await recordOperatorAction(trx, {
          operatorId,
          action: changed.status !== undefined ? 'CHANNEL_STATUS_CHANGE' : 'CHANNEL_UPDATE',
          objectType: 'CHANNEL',
          objectId: channelId,
          before,
          after,
          at: now,
        });
        if (SERVICE_FIELDS.some((field) => changed[field] !== undefined)) {
          // Told like every other change (issue 25): its crew's open tabs hear it and read their create menus again.
          await notify(trx, {
            to: await channelCrewIds(trx, channelId),
            channel: { id: channelId, name: updated.name },
            type: 'CHANNEL_SERVICE_CHANGED',
            landingUrl: updated.status === 'DELETED' ? landing.management() : landing.channel(channelId),
            at: now,
          });
        }
        return updated;
      });
      return one(row);
    },

    /** An ownerless channel in SERVICE (so its owner can accept), and, if a login is given, the owner's invite. */
    async create(operatorId: number, input: OperatorChannelCreate, now: Date): Promise<{ channelId: number; inviteId: number | null }> {
      return db.transaction().execute(async (trx) => {
        const channelId = await insertChannel(trx, { name: input.name, channel_type: input.channelType, status: 'SERVICE', labels: [], created_at: now, updated_at: now });
        const channel = await lockChannel(trx, channelId);
        if (!channel) throw new Error('the channel just made is gone');
        await recordOperatorAction(trx, {
          operatorId,
          action: 'CHANNEL_CREATE',
          objectType: 'CHANNEL',
          objectId: channelId,
          before: null,
          after: { name: channel.name, channelType: channel.channel_type, ...operatorFields(channel) },
          at: now,
        });
        const inviteId = input.ownerLogin === undefined ? null : await inviteOwnerIn(trx, operatorId, channel, input.ownerLogin, now);
        return { channelId, inviteId };
      });
    },

    async inviteOwner(operatorId: number, channelId: number, login: string, now: Date): Promise<{ inviteId: number }> {
      return db.transaction().execute(async (trx) => {
        const channel = await lockChannel(trx, channelId);
        if (!channel) throw new AppError('CHANNEL_NOT_FOUND');
        return { inviteId: await inviteOwnerIn(trx, operatorId, channel, login, now) };
      });
    },
  };
}
