import { useSuspenseQuery } from '@tanstack/react-query';
import { Tag } from '../../../components/ui/badges';
import { Avatar } from '../../../components/ui/avatar';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ExternalIcon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n/i18n';
import { runtimeConfig, serverUrl } from '../../../lib/runtime-config';
import { meQueryOptions } from '../api/get-me';
import styles from './profile-card.module.css';

export function ProfileCard() {
  const t = useT();
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { accountUrl } = runtimeConfig();
  return (
    <>
      <div className={styles.card}>
        <Avatar src={me.profileImageUrl} name={me.name} size={72} />
        <div className={styles.identity}>
          <p className={styles.name} title={me.name}>
            {me.name}
          </p>
          <p className={styles.login}>{me.login}</p>
        </div>
        <div className={styles.actions}>
          {/* The account page lives on the account service, outside /studio: a full page load. Name and image are changed there. */}
          {accountUrl ? (
            <a href={accountUrl} className={buttonClassName('secondary')}>
              {t('profile.account')}
              <ExternalIcon size={16} />
            </a>
          ) : null}
          {/* A plain form post so the server can end the session and redirect. */}
          <form method="post" action={serverUrl('/auth/logout')}>
            <Button type="submit" variant="primary">
              {t('profile.logout')}
            </Button>
          </form>
        </div>
      </div>
      <dl className={styles.details}>
        <dt>{t('profile.name')}</dt>
        <dd>{me.name}</dd>
        <dt>{t('profile.login')}</dt>
        <dd>{me.login}</dd>
        <dt>{t('profile.kind')}</dt>
        <dd>
          <Tag tone={me.isOperator ? 'accent' : 'neutral'}>{me.isOperator ? t('profile.operator') : t('profile.studioUser')}</Tag>
        </dd>
      </dl>
    </>
  );
}
