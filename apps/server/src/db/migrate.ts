import { Migrator, type Migration } from 'kysely';
import * as initial from './migrations/0001-initial';
import * as channelManagement from './migrations/0002-channel-management';
import * as structuredNotifications from './migrations/0003-structured-notifications';
import * as sessionIdleAndPurge from './migrations/0004-session-idle-and-purge';
import * as hotPaths from './migrations/0005-hot-paths';
import * as notificationDelivery from './migrations/0006-notification-delivery';
import * as channelApplications from './migrations/0007-channel-applications';
import * as operatorAudit from './migrations/0008-operator-audit';
import * as lives from './migrations/0009-lives';
import * as contentPublishing from './migrations/0010-content-publishing';
import * as contentsNewestFirst from './migrations/0011-contents-newest-first';
import * as loops from './migrations/0012-loops';
import * as notificationTypes from './migrations/0013-notification-types';
import * as shortsContents from './migrations/0014-shorts-contents';
import * as studioLandingUrls from './migrations/0015-studio-landing-urls';
import * as readAnnouncements from './migrations/0016-read-announcements';
import * as liveAnnouncements from './migrations/0017-live-announcements';
import * as loopLease from './migrations/0018-loop-lease';
import * as loopUploadsUnfinished from './migrations/0019-loop-uploads-unfinished';
import * as viewCounting from './migrations/0020-view-counting';
import * as viewRetention from './migrations/0022-view-retention';
import * as channelProfile from './migrations/0024-channel-profile';
import * as contentLibrary from './migrations/0025-content-library';
import * as liveReplays from './migrations/0026-live-replays';
import * as sharedRateLimits from './migrations/0027-shared-rate-limits';
import * as loopRenditionLookup from './migrations/0033-loop-rendition-lookup';
import * as uploadLocks from './migrations/0034-upload-locks';
import * as ingestNodes from './migrations/0035-ingest-nodes';
import * as truthfulStates from './migrations/0028-truthful-states';
import * as trendReads from './migrations/0029-trend-reads';
import * as profileSessionsAndNotificationGroups from './migrations/0030-profile-sessions-and-notification-groups';
import * as replayTrims from './migrations/0031-replay-trims';
import * as restreamTargets from './migrations/0032-restream-targets';
import * as subscriberHistory from './migrations/0038-subscriber-history';
import * as userLanguage from './migrations/0039-user-language';
import * as publicChannelPaging from './migrations/0040-public-channel-paging';
import * as streamReceiving from './migrations/0042-stream-receiving';
import * as viewEventsSummarised from './migrations/0043-view-events-summarised';
import * as contentImageUses from './migrations/0044-content-image-uses';
import { installJobSchema } from '../jobs/jobs';
import type { Db } from './schema';

// Listed here rather than read from disk so the same list runs under tsx, vitest and a bundle.
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-channel-management': channelManagement,
  '0003-structured-notifications': structuredNotifications,
  '0004-session-idle-and-purge': sessionIdleAndPurge,
  '0005-hot-paths': hotPaths,
  '0006-notification-delivery': notificationDelivery,
  '0007-channel-applications': channelApplications,
  '0008-operator-audit': operatorAudit,
  '0009-lives': lives,
  '0010-content-publishing': contentPublishing,
  '0011-contents-newest-first': contentsNewestFirst,
  '0012-loops': loops,
  '0013-notification-types': notificationTypes,
  '0014-shorts-contents': shortsContents,
  '0015-studio-landing-urls': studioLandingUrls,
  '0016-read-announcements': readAnnouncements,
  '0017-live-announcements': liveAnnouncements,
  '0018-loop-lease': loopLease,
  '0019-loop-uploads-unfinished': loopUploadsUnfinished,
  '0020-view-counting': viewCounting,
  '0022-view-retention': viewRetention,
  '0024-channel-profile': channelProfile,
  '0025-content-library': contentLibrary,
  '0026-live-replays': liveReplays,
  '0027-shared-rate-limits': sharedRateLimits,
  '0033-loop-rendition-lookup': loopRenditionLookup,
  '0034-upload-locks': uploadLocks,
  '0035-ingest-nodes': ingestNodes,
  '0028-truthful-states': truthfulStates,
  '0029-trend-reads': trendReads,
  '0030-profile-sessions-and-notification-groups': profileSessionsAndNotificationGroups,
  '0031-replay-trims': replayTrims,
  '0032-restream-targets': restreamTargets,
  '0038-subscriber-history': subscriberHistory,
  '0039-user-language': userLanguage,
  '0040-public-channel-paging': publicChannelPaging,
  '0042-stream-receiving': streamReceiving,
  '0043-view-events-summarised': viewEventsSummarised,
  '0044-content-image-uses': contentImageUses,
};

/** The studio's migrations on a database (tests also step through them one by one). */
export function migratorFor(db: Db): Migrator {
  // Features land from parallel branches, each with its own reserved number: a database that already
  // ran a later number still takes an earlier one that lands after it (each migration stands alone).
  return new Migrator({ db, allowUnorderedMigrations: true, provider: { getMigrations: () => Promise.resolve(migrations) } });
}

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await migratorFor(db).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  // The job queue's tables are pg-boss's own, versioned by it.
  await installJobSchema(db);
}
