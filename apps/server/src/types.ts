import type { Config } from './config';
import type { Db } from './db/schema';
import type { Clock } from './lib/clock';

export type SessionUser = {
  id: number;
  login: string;
  name: string;
  profileImageUrl: string | null;
  isOperator: boolean;
  sessionId: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    clock: Clock;
    /** The embedded RTMP ingest's address as OBS is told it, or null when nginx ingests. */
    liveIngestUrl: string | null;
    /** The port the embedded RTMP ingest listens on (RTMP_PORT, or the one picked for 0), or null when nginx ingests. */
    liveIngestPort: number | null;
    /** WHIP sessions (browser broadcasts) this instance holds now (issue 24, point 2). */
    whipSessions: () => number;
  }
  interface FastifyRequest {
    /** The signed-in person, or null. Set by the session plugin for every request. */
    user: SessionUser | null;
  }
}
