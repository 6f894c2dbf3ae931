import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { LiveDetail } from '@studio/contract/live';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { showToast } from '../../../lib/toast';
import { useCloseLive, useDeleteLive, useStartLive } from '../api/live-lifecycle';
import { useLiveT } from '../messages';
import { liveListPath } from '../utils/live-paths';

type Dialog = 'start' | 'close' | 'delete' | null;

/**
 * Spec section 4: READY → start → START → close → END, or delete; each asks
 * first. Starting needs video (the server says so clearly when there is none).
 */
export function LiveActions({ live }: { live: LiveDetail }) {
  const tl = useLiveT();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const start = useStartLive(live.channelId, live.liveId);
  const close = useCloseLive(live.channelId, live.liveId);
  const remove = useDeleteLive(live.channelId, live.liveId);
  const onOpenChange = (open: boolean) => (open ? undefined : setDialog(null));

  return (
    <>
      {live.status === 'READY' ? (
        <Button variant="primary" onClick={() => setDialog('start')}>
          {tl('detail.start')}
        </Button>
      ) : null}
      {live.status === 'START' ? (
        <Button variant="primary" onClick={() => setDialog('close')}>
          {tl('detail.close')}
        </Button>
      ) : null}
      {live.status !== 'START' ? <Button onClick={() => setDialog('delete')}>{tl('detail.delete')}</Button> : null}

      <ConfirmDialog
        open={dialog === 'start'}
        onOpenChange={onOpenChange}
        title={tl('detail.startTitle')}
        confirmLabel={tl('detail.start')}
        cancelLabel={tl('detail.cancel')}
        pending={start.isPending}
        onConfirm={() =>
          start.mutate(undefined, {
            onSuccess: () => showToast(tl('detail.started')),
            onSettled: () => setDialog(null),
          })
        }
      >
        <p>{tl('detail.startDescription')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'close'}
        onOpenChange={onOpenChange}
        title={tl('detail.closeTitle')}
        confirmLabel={tl('detail.close')}
        cancelLabel={tl('detail.cancel')}
        pending={close.isPending}
        onConfirm={() =>
          close.mutate(undefined, {
            onSuccess: () => showToast(tl('detail.closed')),
            onSettled: () => setDialog(null),
          })
        }
      >
        <p>{tl('detail.closeDescription')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={onOpenChange}
        title={tl('detail.deleteTitle')}
        confirmLabel={tl('detail.delete')}
        cancelLabel={tl('detail.cancel')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: (result) => {
              setDialog(null);
              if (!result.ok) {
                // Spec section 8: a failed delete means the state changed under us.
                showToast(tl('detail.deleteFailed'));
                return;
              }
              showToast(tl('detail.deleted'));
              void navigate(liveListPath(live.channelId), { replace: true });
            },
          })
        }
      >
        <p>{tl('detail.deleteDescription')}</p>
      </ConfirmDialog>
    </>
  );
}
