import type { ChannelType } from '@studio/contract/enums';
import type { ManagementFilters } from '@studio/contract/management';
import type { Db } from '../../db/schema';
import { managementRepository } from './management-repository';

/** The signed-in person's management tabs (spec section 7): reads only, each bounded and paged by the repository. */
export function managementService(db: Db) {
  const management = managementRepository(db);
  return {
    /** The person's channels matching the filters, by role then id. */
    channels: (userId: number, filters: ManagementFilters, page: number, size: number) => management.channels(userId, filters, page, size),
    /** The person's applications with their timelines, newest first. */
    applyResults: (userId: number, channelType: ChannelType | undefined, page: number, size: number) => management.applyResults(userId, channelType, page, size),
    /** Invites and transfers waiting for the person's answer, newest first. */
    invites: (userId: number, page: number, size: number) => management.invites(userId, page, size),
    /** The three tab counts. */
    tabCount: (userId: number) => management.tabCount(userId),
  };
}
