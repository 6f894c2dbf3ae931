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
        {/* What Radix's switch draws (a button with role switch), written out: its code was 4.6 KiB of the channel home's first load (docs/decisions/057). */}
        <button
          type="button"
          role="switch"
          id={id}
          className={styles.switch}
          aria-checked={checked}
          data-state={checked ? 'checked' : 'unchecked'}
          disabled={update.isPending}
          onClick={() => update.mutate(!checked)}
        >
          <span className={styles.thumb} data-state={checked ? 'checked' : 'unchecked'} />
        </button>
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
