import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import type { ChannelDetail } from '@studio/contract/member';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/i18n';
import { useLeaveChannel } from '../api/leave-channel';
import { useChannelHomeT } from '../messages';
import styles from './dialog.module.css';

/** A manager's (or credit manager's) way out of a channel, behind a confirmation. */
export function LeaveChannel({ channel }: { channel: ChannelDetail }) {
  const t = useT();
  const th = useChannelHomeT();
  const [open, setOpen] = useState(false);
  const leave = useLeaveChannel(channel.id, channel.name);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !leave.isPending && setOpen(next)}>
      <Dialog.Trigger asChild>
        <Button>{th('leave.button')}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content}>
          <Dialog.Title className={styles.title}>{th('leave.title')}</Dialog.Title>
          <Dialog.Description className={styles.description}>
            {th('leave.description', { channel: channel.name, role: t(`memberRole.${channel.role}`) })}
          </Dialog.Description>
          <div className={styles.actions}>
            <Dialog.Close asChild>
              <Button disabled={leave.isPending}>{th('leave.cancel')}</Button>
            </Dialog.Close>
            <Button
              variant="primary"
              disabled={leave.isPending}
              onClick={() =>
                leave.mutate(undefined, {
                  // The shared handler has shown why; close so the page is usable again.
                  onError: () => setOpen(false),
                })
              }
            >
              {th('leave.confirm')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
