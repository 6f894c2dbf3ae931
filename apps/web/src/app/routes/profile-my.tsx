import { useId } from 'react';
import { QueryBoundary } from '../../components/errors/query-boundary';
import { LanguageSelect } from '../../components/ui/language-select';
import { chooseLanguage } from '../../features/users/api/my-language';
import { Page, Section } from '../../components/ui/page';
import { myChannelsQueryOptions } from '../../features/channels/api/get-my-channels';
import { notificationPreferencesQueryOptions } from '../../features/notifications/api/get-notification-preferences';
import { NotificationPreferencesForm } from '../../features/notifications/components/notification-preferences';
import { useNotificationsT } from '../../features/notifications/messages';
import { mySessionsQueryOptions } from '../../features/users/api/get-my-sessions';
import { meQueryOptions } from '../../features/users/api/get-me';
import { MyChannelRoles } from '../../features/users/components/my-channel-roles';
import { ProfileCard } from '../../features/users/components/profile-card';
import { SessionList } from '../../features/users/components/session-list';
import { useUsersT } from '../../features/users/messages';
import { useT } from '../../lib/i18n/i18n';
import styles from './profile-my.module.css';
import { type PageModule, settle } from './page-module';

/**
 * /profile/my (issue 23, point 6): who the person is on the account service (name, image, login id,
 * a link to its account page), their channels with their role on each, the studio's language, their
 * signed-in devices, and which notification groups they receive. Each section loads and fails alone.
 */
function ProfileMyRoute() {
  const t = useT();
  const tu = useUsersT();
  const tn = useNotificationsT();
  const languageId = useId();
  return (
    <Page title={t('page.profile')}>
      <Section>
        <QueryBoundary>
          <ProfileCard />
        </QueryBoundary>
      </Section>
      <Section title={tu('profile.channels')}>
        <QueryBoundary>
          <MyChannelRoles />
        </QueryBoundary>
      </Section>
      <Section title={t('footer.language')}>
        <div className={styles.language}>
          <label htmlFor={languageId} className={styles.visuallyHidden}>
            {t('footer.language')}
          </label>
          <LanguageSelect onChoose={chooseLanguage} id={languageId} className={styles.select} describedBy={`${languageId}-hint`} />
          <p id={`${languageId}-hint`} className={styles.hint}>
            {tu('profile.languageHint')}
          </p>
        </div>
      </Section>
      <Section title={tu('profile.sessions')}>
        <p className={styles.hint}>{tu('profile.sessionsHint')}</p>
        <QueryBoundary>
          <SessionList />
        </QueryBoundary>
      </Section>
      <Section title={tn('preferences.title')}>
        <QueryBoundary>
          <NotificationPreferencesForm />
        </QueryBoundary>
      </Section>
    </Page>
  );
}

export const profileMyPage: PageModule = {
  Component: ProfileMyRoute,
  loader: (queryClient) => () =>
    settle(
      queryClient.ensureQueryData(meQueryOptions()),
      queryClient.ensureQueryData(myChannelsQueryOptions()),
      queryClient.ensureQueryData(mySessionsQueryOptions()),
      queryClient.ensureQueryData(notificationPreferencesQueryOptions()),
    ),
};
