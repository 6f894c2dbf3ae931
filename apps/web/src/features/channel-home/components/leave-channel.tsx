import { useState } from 'react';
import type { ChannelDetail } from '@studio/contract/member';
import { Button } from '../../../components/ui/button';
import { LazyConfirmDialog } from '../../../components/ui/lazy-dialogs';
import { useT } from '../../../lib/i18n/i18n';
import { useLeaveChannel } from '../api/leave-channel';
import { useChannelHomeT } from '../messages';

/** A manager's (or credit manager's) way out of a channel, behind a confirmation. */
export function LeaveChannel({ channel }: { channel: ChannelDetail }) {
  const t = useT();
  const th = useChannelHomeT();
  const [open, setOpen] = useState(false);
  const leave = useLeaveChannel(channel.id, channel.name);

  return (
    <LazyConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button>{th('leave.button')}</Button>}
      title={th('leave.title')}
      confirmLabel={th('leave.confirm')}
      cancelLabel={th('leave.cancel')}
      pending={leave.isPending}
      tone="danger"
      onConfirm={() =>
        leave.mutate(undefined, {
          // The shared handler has shown why; close so the page is usable again.
          onError: () => setOpen(false),
        })
      }
    >
      {th('leave.description', { channel: channel.name, role: t(`memberRole.${channel.role}`) })}
    </LazyConfirmDialog>
  );
}
