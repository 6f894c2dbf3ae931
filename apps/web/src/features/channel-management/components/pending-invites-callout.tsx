import { useQuery } from '@tanstack/react-query';
import type { PendingInvite } from '@studio/contract/management';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { useChannelManagementT } from '../messages';
import { pendingInvitesQueryOptions } from '../api/get-pending-invites';
import { InviteRow } from './pending-invites-panel';
import styles from './channel-management.module.css';

/** How many invitations the callout lists; the rest are a link away. */
const SHOWN = 3;

/**
 * Invitations waiting for an answer, where a newcomer lands (studio home, the
 * default tab of channel management): nothing at all when there are none, or
 * while they load, or if they cannot be read (the invites tab says why).
 */
export function PendingInvitesCallout({ onOpen }: { onOpen: (invite: PendingInvite) => void }) {
  const t = useChannelManagementT();
  const { data } = useQuery(pendingInvitesQueryOptions(0));
  if (!data || data.totalElements === 0) return null;
  return (
    <section className={styles.callout} aria-labelledby="pending-invites-callout">
      <div className={styles.calloutHeader}>
        <div>
          <h2 id="pending-invites-callout" className={styles.calloutTitle}>
            {t('management.invite.waiting', { count: data.totalElements })}
          </h2>
          <p className={styles.calloutDescription}>{t('management.invite.waitingDescription')}</p>
        </div>
        {data.totalElements > SHOWN ? (
          <Link to="/channels/management?tab=invite" className={buttonClassName('ghost', 'small')}>
            {t('management.invite.all')}
            <ChevronRightIcon size={16} />
          </Link>
        ) : null}
      </div>
      <ul className={styles.list}>
        {data.content.slice(0, SHOWN).map((invite) => (
          <li key={`${invite.kind}-${invite.id}`}>
            <InviteRow invite={invite} onOpen={onOpen} />
          </li>
        ))}
      </ul>
    </section>
  );
}
