import type { FastifyRequest } from 'fastify';
import type { MemberRole } from '@studio/contract/enums';
import type { ChannelRow } from '../db/schema';
import { unauthorized } from '../lib/errors';
import type { SessionUser } from '../types';

/**
 * The access hook has already refused anonymous calls; this narrows the type
 * for handlers and stays correct if a route moves.
 */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The channel and role the access hook loaded for a `channel:*` route. */
export function requireChannel(request: FastifyRequest): { channel: ChannelRow; role: MemberRole; user: SessionUser } {
  const user = requireUser(request);
  if (!request.channel || !request.channelRole) {
    // A handler asked for a channel on a route that did not declare channel access: a programming error.
    throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} reads the channel without channel access`);
  }
  return { channel: request.channel, role: request.channelRole, user };
}
