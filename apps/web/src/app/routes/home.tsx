import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryBoundary } from '../../components/errors/query-boundary';
import { buttonClassName } from '../../components/ui/button';
import { BellIcon, ChannelsIcon, ChevronRightIcon, MegaphoneIcon, PlusIcon } from '../../components/ui/icons';
import { Page, Section } from '../../components/ui/page';
import { pendingInvitesQueryOptions } from '../../features/channel-management/api/get-pending-invites';
import { PendingInvitesCallout } from '../../features/channel-management/components/pending-invites-callout';
import { MyChannelList } from '../../features/channels/components/my-channel-list';
import { myChannelsQueryOptions } from '../../features/channels/api/get-my-channels';
import { meQueryOptions } from '../../features/users/api/get-me';
import { useT } from '../../lib/i18n/i18n';
import { type PageModule, settle } from './page-module';
import { useInvitationPopup } from './use-invitation-popup';
import styles from './home.module.css';

function Shortcut({ to, icon, title, description }: { to: string; icon: ReactNode; title: string; description: string }) {
  return (
    <li>
      <Link to={to} className={styles.shortcut}>
        <span className={styles.shortcutIcon}>{icon}</span>
        <span className={styles.shortcutText}>
          <span className={styles.shortcutTitle}>{title}</span>
          <span className={styles.shortcutDescription}>{description}</span>
        </span>
        <ChevronRightIcon className={styles.chevron} size={18} />
      </Link>
    </li>
  );
}

/** Studio home: who is signed in, their channels, and where to go next. */
function HomeRoute() {
  const t = useT();
  const me = useQuery(meQueryOptions());
  const title = me.data ? t('home.greeting', { name: me.data.name }) : t('home.title');
  const invitation = useInvitationPopup();

  return (
    <Page title={title} description={t('home.description')}>
      <PendingInvitesCallout onOpen={invitation.open} />
      {invitation.popup}
      <div className={styles.grid}>
        <Section
          flush
          title={t('home.myChannels')}
          actions={
            <Link to="/channels/management" className={buttonClassName('ghost', 'small')}>
              {t('home.toManagement')}
              <ChevronRightIcon size={16} />
            </Link>
          }
        >
          <QueryBoundary>
            <MyChannelList />
          </QueryBoundary>
        </Section>
        <div className={styles.side}>
          <Section title={t('home.shortcuts')}>
            <ul className={styles.shortcuts}>
              <Shortcut
                to="/channels/management"
                icon={<ChannelsIcon size={18} />}
                title={t('page.channelManagement')}
                description={t('home.shortcut.management')}
              />
              <Shortcut
                to="/apply/content-type-select"
                icon={<PlusIcon size={18} />}
                title={t('header.apply')}
                description={t('home.shortcut.apply')}
              />
              <Shortcut
                to="/profile/alarm"
                icon={<BellIcon size={18} />}
                title={t('page.alarm')}
                description={t('home.shortcut.alarm')}
              />
              <Shortcut
                to="/notices"
                icon={<MegaphoneIcon size={18} />}
                title={t('page.notices')}
                description={t('home.shortcut.notices')}
              />
            </ul>
          </Section>
        </div>
      </div>
    </Page>
  );
}

export const homePage: PageModule = {
  Component: HomeRoute,
  loader: (queryClient) => () =>
    settle(
      queryClient.ensureQueryData(meQueryOptions()),
      queryClient.ensureQueryData(myChannelsQueryOptions()),
      queryClient.ensureQueryData(pendingInvitesQueryOptions(0)),
    ),
};
