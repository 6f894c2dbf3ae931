import * as Switch from '@radix-ui/react-switch';
import { useId } from 'react';
import type { ChannelDetail } from '@studio/contract/member';
import { Tag } from '../../../components/ui/badges';
import { Section } from '../../../components/ui/page';
import { useUpdateSubscriberCount } from '../api/update-subscriber-count';
import { useChannelHomeT } from '../messages';
import styles from './subscriber-count-setting.module.css';

function OwnerSwitch({ channel }: { channel: ChannelDetail }) {
  const t = useChannelHomeT();
  const id = useId();
  const update = useUpdateSubscriberCount(channel.id);
  const saved = channel.showSubscriberCount;
  // While saving the switch already shows where it is going; the sentence below only ever states what is saved.
  const checked = update.isPending ? update.variables : saved;

  return (
    <>
      <div className={styles.row}>
        <label htmlFor={id} className={styles.label}>
          {t('subscriber.switchLabel')}
        </label>
        <Switch.Root
          id={id}
          className={styles.switch}
          checked={checked}
          disabled={update.isPending}
          onCheckedChange={(next) => update.mutate(next)}
        >
          <Switch.Thumb className={styles.thumb} />
        </Switch.Root>
      </div>
      <p className={styles.state} aria-live="polite">
        {saved ? t('subscriber.on') : t('subscriber.off')}
      </p>
    </>
  );
}

/** Spec section 6: media channels only; only the owner changes it, others see the current value. */
export function SubscriberCountSetting({ channel }: { channel: ChannelDetail }) {
  const t = useChannelHomeT();
  return (
    <Section title={t('subscriber.title')}>
      {channel.role === 'OWNER' ? (
        <OwnerSwitch channel={channel} />
      ) : (
        <div className={styles.readOnly}>
          <div className={styles.row}>
            <span className={styles.label}>{t('subscriber.title')}</span>
            <Tag tone={channel.showSubscriberCount ? 'success' : 'neutral'}>
              {channel.showSubscriberCount ? t('subscriber.visible') : t('subscriber.hidden')}
            </Tag>
          </div>
          <p className={styles.state}>{t('subscriber.ownerOnly')}</p>
        </div>
      )}
    </Section>
  );
}
