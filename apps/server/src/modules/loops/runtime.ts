import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { uploadStore, type UploadStore } from '../../media/stores/upload-store';
import { startLeaseSweep } from './loop-lease-sweep';
import { loopProcessor, type LoopProcessor } from './loop-processing';
import { loopService, type LoopService } from './loop-service';
import { loopUploadService, type LoopUploadService } from './loop-uploads';

export type LoopRuntime = {
  processor: LoopProcessor;
  service: LoopService;
  uploads: LoopUploadService;
  /** Where tus writes uploads (disk: `$DATA_DIR/uploads/loops/<loopId>`; S3: the bucket), and the probe and the transcode read them. */
  sources: UploadStore;
};

/**
 * The loop machinery of one server, whatever its roles: the processor and the services the routes
 * call (a `web` instance ends uploads and queues transcodes), and the transcode workers with their
 * lease sweep, which run only where jobs do (the `worker` role).
 */
export async function createLoopRuntime(app: FastifyInstance): Promise<LoopRuntime> {
  const { maxSeconds, workers, leaseSeconds } = app.config.loops;
  const tools = app.config.mediaTools;
  const workDir = path.resolve(app.config.dataDir, 'run', 'loops');
  const sources = uploadStore(app.config.storage, { uploadsDir: path.resolve(app.config.dataDir, 'uploads', 'loops'), scratchDir: workDir, objects: app.media.objects });
  const processor = loopProcessor({
    db: app.db,
    media: app.media,
    tools,
    clock: app.clock,
    log: app.log,
    jobs: app.jobs,
    uploads: sources,
    workDir,
    maxSeconds,
    leaseMs: leaseSeconds * 1000,
  });
  const service = loopService({ db: app.db, jobs: app.jobs, clock: app.clock, media: app.media, tools, log: app.log, processor, maxSeconds, workers });
  const uploads = loopUploadService({ db: app.db, jobs: app.jobs, clock: app.clock, bounds: app.config.loops });

  // Registered on every instance (a send needs the queue's settings); they run only where workers do.
  await service.startWorkers();
  startLeaseSweep(app, processor);
  // Before the pool and the queue stop: ffmpeg runs end, their jobs go back to the queue for the next start.
  app.addHook('preClose', async () => processor.stopAll());

  return { processor, service, uploads, sources };
}
