import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors';
import type { SessionUser } from '../types';

/**
 * The /api scope's onRequest hook has already refused anonymous calls; this
 * narrows the type for handlers and stays correct if a route moves.
 */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The /api scope's onRequest hook: no session, no API. */
export async function requireSession(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
}
