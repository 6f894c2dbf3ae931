import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { Jobs } from '../../jobs/jobs';

/** A deleted replay's recording (`$DATA_DIR/live/<liveId>/`), removed after the delete commits. */
export const RECORDING_REMOVE_QUEUE = 'live.recording-remove';

export const RecordingRemoveJob = z.object({ liveId: z.number().int().positive() });
export type RecordingRemoveJob = z.infer<typeof RecordingRemoveJob>;

/**
 * Queued in the transaction of the change that leaves the recording without an owner, so the files go
 * if and only if it committed; one job per live (a repeated delete changes nothing and queues nothing).
 */
export async function queueRecordingRemoval(jobs: Pick<Jobs, 'send'>, tx: Transaction<Database>, liveId: number): Promise<void> {
  const data: RecordingRemoveJob = { liveId };
  await jobs.send(RECORDING_REMOVE_QUEUE, data, { tx, singletonKey: `recording-${liveId}` });
}
