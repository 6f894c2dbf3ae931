import type { z } from 'zod';
import type { Activity } from '@studio/contract/member';
import type { MemberRole } from '@studio/contract/enums';
import type { ChannelSettingsT } from '../messages';

type ActivityEntry = z.infer<typeof Activity>;

/**
 * One readable sentence per log entry. A null actor means the system did it
 * (an unanswered invite or transfer declined after its deadline), which reads
 * '자동으로'. Role names all end in a vowel, so the Korean templates can use 로.
 */
export function activitySentence(entry: ActivityEntry, t: ChannelSettingsT, roleLabel: (role: MemberRole) => string): string {
  const params = {
    actor: entry.actorName ?? '',
    target: entry.targetName ?? t('activity.unknownUser'),
    role: entry.role ? roleLabel(entry.role) : '',
    fields: (entry.fields ?? []).map((field) => t(`profile.field.${field}`)).join(', '),
  };
  return entry.actorName === null ? t(`activity.${entry.action}.auto`, params) : t(`activity.${entry.action}`, params);
}
