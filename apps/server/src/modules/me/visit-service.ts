import type { Db } from '../../db/schema';
import { visitRepository } from './visit-repository';

/** The studio's visit log: one row per app load of a signed-in person. */
export function visitService(db: Db) {
  const visits = visitRepository(db);
  return {
    record: (userId: number, path: string | null, userAgent: string | null) => visits.record(userId, path, userAgent),
  };
}
