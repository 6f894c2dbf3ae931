import type { ChannelProfile } from '@studio/contract/channel-profile';
import { Avatar } from '../../../components/ui/avatar';
import { Tag } from '../../../components/ui/badges';
import { serverUrl } from '../../../lib/runtime-config';
import { useChannelSettingsT } from '../messages';
import styles from './profile.module.css';

/** A link's kind beside it (spec section 5): the known ones stand out, other is plain. */
export function LinkKindTag({ kind }: { kind: ChannelProfile['links'][number]['kind'] }) {
  const t = useChannelSettingsT();
  return <Tag tone={kind === 'OTHER' ? 'neutral' : 'accent'}>{t(`profile.linkKind.${kind}`)}</Tag>;
}

/** The profile as managers and credit managers see it: the same parts as the owner's form, nothing to change. */
export function ProfileView({ profile }: { profile: ChannelProfile }) {
  const t = useChannelSettingsT();
  return (
    <div className={styles.view}>
      <p className={styles.notice} role="note">
        {t('profile.readOnly')}
      </p>
      {profile.bannerImageUrl ? <img className={styles.banner} src={serverUrl(profile.bannerImageUrl)} alt={t('profile.banner')} /> : null}
      <div className={styles.identity}>
        {profile.profileImageUrl ? (
          <img className={styles.avatar} src={serverUrl(profile.profileImageUrl)} alt={t('profile.image')} width={72} height={72} />
        ) : (
          <Avatar src={null} name={profile.name} size={72} />
        )}
        <p className={styles.name}>{profile.name}</p>
      </div>
      <section className={styles.group} aria-label={t('profile.description')}>
        <h2 className={styles.legend}>{t('profile.description')}</h2>
        {profile.description ? <p className={styles.description}>{profile.description}</p> : <p className={styles.muted}>{t('profile.descriptionEmpty')}</p>}
      </section>
      <section className={styles.group} aria-label={t('profile.links')}>
        <h2 className={styles.legend}>{t('profile.links')}</h2>
        {profile.links.length === 0 ? (
          <p className={styles.muted}>{t('profile.linksEmpty')}</p>
        ) : (
          <ul className={styles.links}>
            {profile.links.map((link) => (
              <li key={link.url} className={styles.link} data-link-kind={link.kind}>
                <LinkKindTag kind={link.kind} />
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.url}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
