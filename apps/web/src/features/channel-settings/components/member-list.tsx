import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Member } from '@studio/contract/member';
import type { MemberRole } from '@studio/contract/enums';
import { QueryBoundary } from '../../../components/errors/query-boundary';
import { Avatar } from '../../../components/ui/avatar';
import { Tag, type TagTone } from '../../../components/ui/badges';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Section } from '../../../components/ui/page';
import { useT } from '../../../lib/i18n/i18n';
import { showToast } from '../../../lib/toast';
import { membersQueryOptions } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { useChannelSettingsT } from '../messages';
import styles from './settings.module.css';
import { useFormat } from '../../../lib/format/use-format';

export const roleTone: Record<MemberRole, TagTone> = { OWNER: 'accent', MANAGER: 'success', CREDIT_MANAGER: 'warning' };

function MemberRows({ channelId, onRemove }: { channelId: number; onRemove: (member: Member) => void }) {
  const t = useT();
  const ts = useChannelSettingsT();
  const format = useFormat();
  const { data: members } = useSuspenseQuery(membersQueryOptions(channelId));
  if (members.length === 0) return <p className={`${styles.empty} ${styles.row}`}>{ts('members.empty')}</p>;
  return (
    <ul className={styles.rows} aria-label={ts('members.title')}>
      {members.map((member) => (
        <li key={member.userId} className={styles.row}>
          <Avatar src={member.profileImageUrl} name={member.name} size={36} />
          <div className={styles.person}>
            <span className={styles.personName}>
              {member.name}
              <Tag tone={roleTone[member.role]}>{t(`memberRole.${member.role}`)}</Tag>
            </span>
            <span className={styles.sub}>
              {member.login} · {ts('members.since', { date: format.date(member.since) })}
            </span>
          </div>
          {member.role !== 'OWNER' ? (
            <Button size="small" className={styles.rowAction} aria-label={`${ts('members.remove')}: ${member.name}`} onClick={() => onRemove(member)}>
              {ts('members.remove')}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Everyone holding a role, owner first; the owner can remove anyone but themself. */
export function MemberList({ channelId }: { channelId: number }) {
  const t = useT();
  const ts = useChannelSettingsT();
  // The header's count reads the same cache without suspending.
  const { data: members } = useQuery(membersQueryOptions(channelId));
  const remove = useRemoveMember(channelId);
  const [removing, setRemoving] = useState<Member | null>(null);

  return (
    <Section flush title={ts('members.title')} actions={members ? <span className={styles.sub}>{ts('members.count', { count: members.length })}</span> : null}>
      <QueryBoundary>
        <MemberRows channelId={channelId} onRemove={setRemoving} />
      </QueryBoundary>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={ts('members.removeTitle', { name: removing?.name ?? '' })}
        confirmLabel={ts('members.removeConfirm')}
        cancelLabel={ts('transfer.cancelDialog')}
        pending={remove.isPending}
        tone="danger"
        onConfirm={() => {
          if (!removing) return;
          const { name, userId } = removing;
          remove.mutate(userId, {
            onSuccess: () => showToast(ts('members.removed', { name })),
            onSettled: () => setRemoving(null),
          });
        }}
      >
        <p>{ts('members.removeDescription', { name: removing?.name ?? '', role: removing ? t(`memberRole.${removing.role}`) : '' })}</p>
      </ConfirmDialog>
    </Section>
  );
}
