import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { channelHasHome } from '@studio/contract/channel';
import { QueryBoundary } from '../../../components/errors/query-boundary';
import { buttonClassName } from '../../../components/ui/button';
import { Page, Section } from '../../../components/ui/page';
import { myChannelsQueryOptions } from '../../channels/api/get-my-channels';
import { channelProfileQueryOptions } from '../api/get-channel-profile';
import { channelUserProfileQueryOptions } from '../api/get-channel-user-profile';
import { useChannelSettingsT } from '../messages';
import { ProfileForm } from './profile-form';
import { ProfileView } from './profile-view';
import styles from './profile.module.css';

function ProfileBody({ channelId, isOwner }: { channelId: number; isOwner: boolean }) {
  const { data: profile } = useSuspenseQuery(channelProfileQueryOptions(channelId));
  return isOwner ? <ProfileForm channelId={channelId} profile={profile} /> : <ProfileView profile={profile} />;
}

/**
 * A channel's profile (issue 25, point 1). Every member opens it; the owner
 * edits it (spec section 6: channel management is the owner's right), managers
 * and credit managers read it.
 */
export function ChannelProfilePage({ channelId }: { channelId: number }) {
  const t = useChannelSettingsT();
  const { data: role } = useSuspenseQuery(channelUserProfileQueryOptions(channelId));
  const myChannels = useQuery(myChannelsQueryOptions());
  const channel = myChannels.data?.find((candidate) => candidate.id === channelId);
  const type = channel?.channelInfo.channelType.code;
  const hasHome = type !== undefined && channelHasHome(type);

  return (
    <Page
      title={t('profile.title')}
      description={channel ? <span className={styles.channelName}>{channel.name}</span> : undefined}
      actions={
        <>
          {role.isOwner ? (
            <Link to={`/channels/${channelId}/settings`} className={buttonClassName('secondary')}>
              {t('profile.toSettings')}
            </Link>
          ) : null}
          {hasHome ? (
            <Link to={`/channels/${channelId}`} className={buttonClassName('secondary')}>
              {t('profile.toHome')}
            </Link>
          ) : null}
        </>
      }
    >
      <Section>
        <QueryBoundary>
          <ProfileBody channelId={channelId} isOwner={role.isOwner} />
        </QueryBoundary>
      </Section>
    </Page>
  );
}
