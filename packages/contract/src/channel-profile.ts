import { z } from 'zod';
import { APPLICATION_DESCRIPTION_MAX, APPLICATION_LINKS_MAX, APPLICATION_NAME_MAX, MediaUrl } from './application';
import { LinkKind, LinkUrl } from './links';
import { text } from './text';
import { Instant } from './time';

/**
 * Issue 25, point 1: a channel's profile, edited by its owner only (spec
 * section 6: channel management is the owner's right). The name keeps the
 * application form's rule (APPLICATION_NAME_MAX, counted in characters):
 * a longer one is refused, never cut. Links follow spec section 5.
 */
export const CHANNEL_NAME_MAX = APPLICATION_NAME_MAX;
export const CHANNEL_DESCRIPTION_MAX = APPLICATION_DESCRIPTION_MAX;
export const CHANNEL_LINKS_MAX = APPLICATION_LINKS_MAX;

/** The banner is stored cropped to this size (a 4:1 strip, like a video site's channel art). */
export const BANNER_IMAGE_WIDTH = 1600;
export const BANNER_IMAGE_HEIGHT = 400;

/** The parts of a profile a change can touch: what an activity row and a notification name. */
export const ProfileField = z.enum(['NAME', 'DESCRIPTION', 'PROFILE_IMAGE', 'BANNER', 'LINKS']);
export type ProfileField = z.infer<typeof ProfileField>;

/** What the owner sends: the whole profile, every time (a repeat changes nothing). */
export const ChannelProfileUpdate = z.object({
  name: text({ min: 1, max: CHANNEL_NAME_MAX }),
  description: text({ max: CHANNEL_DESCRIPTION_MAX, multiline: true }),
  profileImageUrl: MediaUrl.nullable(),
  bannerImageUrl: MediaUrl.nullable(),
  links: z.array(z.object({ url: LinkUrl })).max(CHANNEL_LINKS_MAX),
});
export type ChannelProfileUpdate = z.infer<typeof ChannelProfileUpdate>;
export type ChannelProfileUpdateInput = z.input<typeof ChannelProfileUpdate>;

/** A link as it is shown: its address and the kind its domain says (spec section 5). */
export const ProfileLink = z.object({ url: z.string(), kind: LinkKind });
export type ProfileLink = z.infer<typeof ProfileLink>;

/** A channel's profile as every member of it reads it. */
export const ChannelProfile = z.object({
  channelId: z.number().int(),
  name: z.string(),
  description: z.string(),
  profileImageUrl: z.string().nullable(),
  bannerImageUrl: z.string().nullable(),
  links: z.array(ProfileLink),
  updatedAt: Instant,
});
export type ChannelProfile = z.infer<typeof ChannelProfile>;

/** The answer to a save: the profile as stored, and which parts this save changed (empty: nothing did). */
export const ChannelProfileSaved = z.object({ profile: ChannelProfile, changed: z.array(ProfileField) });
export type ChannelProfileSaved = z.infer<typeof ChannelProfileSaved>;
