import type { Notification } from '@studio/contract/notification';
import { Avatar } from '../../../components/ui/avatar';
import { ChannelsIcon, StudioMark } from '../../../components/ui/icons';
import { useFormat } from '../../../lib/format/use-format';
import { useNotificationsT } from '../messages';
import { renderNotification } from '../utils/render-notification';
import styles from './notification-item.module.css';

type NotificationItemProps = { notification: Notification; avatarSize?: number };

/** One notification's content; the caller supplies the interactive wrapper. */
export function NotificationItem({ notification, avatarSize = 36 }: NotificationItemProps) {
  const t = useNotificationsT();
  const format = useFormat();
  const message = renderNotification(notification, t);
  const fromOperator = notification.channelId === null;
  // Channel identity: the channel's own image and name (its current ones, from the server), one look per channel.
  const channelName = notification.channelName ?? notification.params.channelName ?? null;
  return (
    <div className={`${styles.item} ${notification.read ? styles.read : ''}`}>
      {fromOperator ? (
        <span className={styles.operator} style={{ width: avatarSize, height: avatarSize }} title={t('notification.operator')}>
          <StudioMark size={Math.round(avatarSize * 0.6)} />
        </span>
      ) : channelName !== null ? (
        <Avatar src={notification.imageUrl} name={channelName} size={avatarSize} />
      ) : (
        <span className={styles.channelDefault} style={{ width: avatarSize, height: avatarSize }} aria-hidden="true">
          <ChannelsIcon size={Math.round(avatarSize * 0.5)} />
        </span>
      )}
      <div className={styles.body}>
        {fromOperator ? (
          <span className={`${styles.source} ${styles.operatorSource}`}>{t('notification.operator')}</span>
        ) : channelName !== null ? (
          <span className={styles.source} title={channelName}>
            {t('notification.fromChannel', { channelName })}
          </span>
        ) : null}
        <p className={styles.message}>{message}</p>
        <time className={styles.time} dateTime={notification.createdAt} title={format.dateTime(notification.createdAt)}>
          {format.time(notification)}
        </time>
      </div>
      {notification.read ? (
        <span className={styles.readSpacer} />
      ) : (
        <span className={styles.unreadDot} role="img" aria-label={t('notification.unread')} />
      )}
    </div>
  );
}
