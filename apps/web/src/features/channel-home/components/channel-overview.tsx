import type { ChannelDetail } from '@studio/contract/member';
import { Avatar } from '../../../components/ui/avatar';
import { Tag, type TagTone } from '../../../components/ui/badges';
import { Section } from '../../../components/ui/page';
import { useLocale, useT } from '../../../lib/i18n/i18n';
import { channelLabelText, useChannelHomeT } from '../messages';
import styles from './channel-overview.module.css';

const serviceTone = { SERVICE: 'success', PAUSE: 'warning', VIEWONLY: 'neutral', TERMINATE: 'danger' } as const satisfies Record<
  ChannelDetail['serviceStatus']['shortsStatus']['code'],
  TagTone
>;

const channelStatusTone = { SERVICE: 'success', WAIT: 'warning', VIEWONLY: 'neutral', STOP: 'danger', DELETED: 'danger' } as const satisfies Record<
  ChannelDetail['status']['code'],
  TagTone
>;

function Flag({ on }: { on: boolean }) {
  const t = useChannelHomeT();
  return <Tag tone={on ? 'success' : 'neutral'}>{on ? t('home.feature.on') : t('home.feature.off')}</Tag>;
}

/** Who the channel is: image, labels, status, my role, subscribers and which features it has. */
export function ChannelOverview({ channel }: { channel: ChannelDetail }) {
  const t = useT();
  const th = useChannelHomeT();
  const locale = useLocale();
  const type = channel.channelInfo.channelType.code;
  const { shortsStatus, liveStatus } = channel.serviceStatus;
  const { useMainnews, useDocumentWrite, usePostWrite } = channel.consumerInfo;
  const labels = channel.channelLabelInfo.labels;

  return (
    <Section title={th('home.overview')}>
      <div className={styles.identity}>
        <Avatar src={channel.channelInfo.profileImageUrl} name={channel.name} size={56} shape="square" />
        <div className={styles.identityText}>
          <p className={styles.name}>{channel.name}</p>
          <Tag tone="accent">{t(`channelType.${type}`)}</Tag>
        </div>
      </div>

      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{th('home.labels')}</dt>
          <dd>
            {labels.length > 0 ? (
              <ul className={styles.labels} aria-label={th('home.labels')}>
                {labels.map((label) => (
                  <li key={label.code} className={styles.label}>
                    {channelLabelText(th, label)}
                  </li>
                ))}
              </ul>
            ) : (
              <span className={styles.muted}>{th('home.noLabels')}</span>
            )}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{th('home.status')}</dt>
          <dd>
            <Tag tone={channelStatusTone[channel.status.code]}>{t(`channelStatus.${channel.status.code}`)}</Tag>
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{th('home.myRole')}</dt>
          <dd>{t(`memberRole.${channel.role}`)}</dd>
        </div>
        {type === 'MEDIA_CHANNEL' ? (
          <div className={styles.fact}>
            <dt>{th('home.subscribers')}</dt>
            <dd className={styles.number}>
              {th('home.subscriberCount', { count: channel.subscriberCount.toLocaleString(locale === 'ko' ? 'ko-KR' : 'en-US') })}
            </dd>
          </div>
        ) : null}
      </dl>

      <h3 className={styles.subheading}>{th('home.features')}</h3>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{th('home.feature.loop')}</dt>
          <dd>
            <Tag tone={serviceTone[shortsStatus.code]}>{th(`serviceStatus.${shortsStatus.code}`)}</Tag>
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{th('home.feature.live')}</dt>
          <dd>
            <Tag tone={serviceTone[liveStatus.code]}>{th(`serviceStatus.${liveStatus.code}`)}</Tag>
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{th('home.feature.mainNews')}</dt>
          <dd>
            <Flag on={useMainnews} />
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{th('home.feature.contentsWriting')}</dt>
          <dd>
            <Flag on={useDocumentWrite} />
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{th('home.feature.postWriting')}</dt>
          <dd>
            <Flag on={usePostWrite} />
          </dd>
        </div>
      </dl>
    </Section>
  );
}
