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
  }
  interface FastifyRequest {
    /** The signed-in person, or null. Set by the session plugin for every request. */
    user: SessionUser | null;
  }
}
