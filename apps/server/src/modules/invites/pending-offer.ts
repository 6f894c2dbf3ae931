import type { Transaction } from 'kysely';
import type { ErrorCode } from '@studio/contract/errors';
import type { Database, Db } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { channelNameAndStatus } from '../channels/channel-repository';
import { lockMemberships } from '../members/member-repository';
import { markAnsweredInvitationRead } from '../notifications/notification-repository';
import { isPastDeadline, transition } from './invitation-state';
import { declineDueOffers, findOffer, lockOffer, settleOffer, type OfferRow, type OfferTable } from './pending-offer-repository';

type Trx = Transaction<Database>;
type AboutChannel = { id: number; name: string };

/**
 * One kind of pending offer (an owner's invite, an ownership transfer): where it is kept, who answers
 * it, how its refusals read, and what each way of settling it does besides moving its status.
 */
export type OfferKind<T extends OfferTable> = {
  table: T;
  /** The `resource` of its NOT_FOUND. */
  resource: 'invite' | 'transfer';
  /** Answered to anyone but its recipient. */
  unauthorized: ErrorCode;
  /** Answered when it is settled already, or past its deadline. */
  notPending: ErrorCode;
  /** Who may accept or decline it. */
  recipientOf(offer: OfferRow<T>): number;
  /** Where its notification lands: read once the offer is answered. */
  landing(id: number): string;
  /** Whether it still stands when accepted (the channel's memberships locked); one that does not is cancelled. */
  stillStands(trx: Trx, offer: OfferRow<T>, userId: number): Promise<boolean>;
  /** What accepting changes in the channel, before the offer is settled. */
  join(trx: Trx, offer: OfferRow<T>, userId: number, at: Date): Promise<void>;
  /** What is logged and told once it was accepted, declined by its recipient, cancelled by the owner, or declined by its deadline. */
  accepted(trx: Trx, offer: OfferRow<T>, channel: AboutChannel, userId: number, at: Date): Promise<void>;
  declined(trx: Trx, offer: OfferRow<T>, userId: number, at: Date): Promise<void>;
  cancelled(trx: Trx, offer: OfferRow<T>, ownerId: number, at: Date): Promise<void>;
  expired(trx: Trx, offer: OfferRow<T>, at: Date): Promise<void>;
};

/**
 * The one way a pending offer is settled, for invites and transfers alike (the state machine of
 * invitation-state.ts): the owner cancels, the recipient accepts or declines, the deadline declines.
 * Each answer locks the offer, so parallel answers settle it one way; a repeat answers as the first
 * time did and changes nothing; side effects happen only for the one change that took place.
 */
export function pendingOffer<T extends OfferTable>(kind: OfferKind<T>) {
  const notFound = () => new AppError('NOT_FOUND', undefined, { resource: kind.resource });

  async function lockOwn(trx: Trx, id: number, userId: number): Promise<OfferRow<T>> {
    const offer = await lockOffer(trx, kind.table, id);
    if (!offer) throw notFound();
    if (kind.recipientOf(offer) !== userId) throw new AppError(kind.unauthorized);
    return offer;
  }

  /**
   * An offer past its deadline is declined automatically, wherever that is noticed first;
   * what that means is told once.
   */
  async function expire(trx: Trx, offer: OfferRow<T>, now: Date, alreadySettled = false) {
    if (!alreadySettled && !(await settleOffer(trx, kind.table, offer.id, 'DECLINED', now, true))) return;
    await kind.expired(trx, offer, now);
  }

  return {
    /** Spec section 4: offers unanswered past their deadline are declined automatically. */
    async declineExpired(trx: Trx, now: Date): Promise<number> {
      const declined = await declineDueOffers(trx, kind.table, now);
      for (const offer of declined) await expire(trx, offer, now, true);
      return declined.length;
    },

    /** The recipient's own offer, while it is still pending and before its deadline. */
    async findOwnPending(db: Db, id: number, userId: number, now: Date): Promise<OfferRow<T>> {
      const offer = await findOffer(db, kind.table, id);
      if (!offer) throw notFound();
      if (kind.recipientOf(offer) !== userId) throw new AppError(kind.unauthorized);
      if (offer.status !== 'PENDING' || isPastDeadline(offer.expires_at, now)) throw new AppError(kind.notPending);
      return offer;
    },

    /** The owner takes the offer back; cancelling twice is harmless. */
    async cancel(db: Db, channelId: number, ownerId: number, id: number, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const offer = await lockOffer(trx, kind.table, id);
        if (!offer || offer.channel_id !== channelId) throw notFound();
        const step = transition(offer.status, 'CANCEL');
        if (step.kind === 'repeat') return;
        if (step.kind === 'refuse') throw new AppError(kind.notPending);
        if (!(await settleOffer(trx, kind.table, id, step.to, now))) return;
        await kind.cancelled(trx, offer, ownerId, now);
      });
    },

    /**
     * The recipient accepts: only while pending, before the deadline, with the channel in SERVICE and
     * the offer still standing. Accepting twice answers the same channel.
     */
    async accept(db: Db, id: number, userId: number, now: Date): Promise<{ channelId: number }> {
      // Refusals that changed something (an automatic decline, a cancel) commit first, then answer.
      const outcome = await db.transaction().execute(async (trx): Promise<{ channelId: number } | { refused: ErrorCode }> => {
        const offer = await lockOwn(trx, id, userId);
        const step = transition(offer.status, 'ACCEPT');
        if (step.kind === 'repeat') return { channelId: offer.channel_id };
        if (step.kind === 'refuse') return { refused: kind.notPending };
        if (isPastDeadline(offer.expires_at, now)) {
          await expire(trx, offer, now);
          return { refused: kind.notPending };
        }
        const channel = await channelNameAndStatus(trx, offer.channel_id);
        if (channel.status !== 'SERVICE') throw new AppError('CHANNEL_NOT_SERVICE');
        await lockMemberships(trx, channel.id);
        if (!(await kind.stillStands(trx, offer, userId))) {
          await settleOffer(trx, kind.table, id, 'CANCELLED', now);
          return { refused: kind.notPending };
        }
        await kind.join(trx, offer, userId, now);
        await settleOffer(trx, kind.table, id, step.to, now);
        await markAnsweredInvitationRead(trx, userId, kind.landing(id), now);
        await kind.accepted(trx, offer, { id: channel.id, name: channel.name }, userId, now);
        return { channelId: channel.id };
      });
      if ('refused' in outcome) throw new AppError(outcome.refused);
      return outcome;
    },

    /** The recipient declines; declining twice (or what is already cancelled) changes nothing. */
    async decline(db: Db, id: number, userId: number, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const offer = await lockOwn(trx, id, userId);
        const step = transition(offer.status, 'DECLINE');
        if (step.kind === 'repeat') return;
        if (step.kind === 'refuse') throw new AppError(kind.notPending);
        if (!(await settleOffer(trx, kind.table, id, step.to, now))) return;
        await markAnsweredInvitationRead(trx, userId, kind.landing(id), now);
        await kind.declined(trx, offer, userId, now);
      });
    },
  };
}
