import { useId, useState } from 'react';
import { STREAM_KEY_TITLE_MAX } from '@studio/contract/constants';
import { Dialog, DialogFormActions, DialogContent, DialogTitle } from '../../../components/ui/dialog';
import formStyles from '../../../components/form/form.module.css';
import { showToast } from '../../../lib/toast';
import { useCreateStreamKey } from '../api/create-stream-key';
import { useLiveT } from '../messages';
import { canAddStreamKey, streamKeyTitleInput, streamKeyTitleLength } from '../utils/stream-key-title';
import styles from './live-layers.module.css';

type StreamKeyAddLayerProps = {
  channelId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the toast: what adding leads to (from the creation layer, the new live's page). */
  onAdded?: (kampChannelId: string) => void;
};

/** Spec sections 2 and 5, 'Add new stream key'. */
export function StreamKeyAddLayer({ channelId, open, onOpenChange, onAdded }: StreamKeyAddLayerProps) {
  const tl = useLiveT();
  const create = useCreateStreamKey(channelId);
  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent size="small" aria-describedby={undefined}>
        <DialogTitle>{tl('keyAdd.title')}</DialogTitle>
        <StreamKeyAddForm
          pending={create.isPending}
          onCancel={() => onOpenChange(false)}
          onSubmit={(title) =>
            create.mutate(title, {
              onSuccess: ({ kampChannelId }) => {
                showToast(tl('keyAdd.added'));
                onOpenChange(false);
                onAdded?.(kampChannelId);
              },
            })
          }
        />
      </DialogContent>
    </Dialog>
  );
}

function StreamKeyAddForm({ pending, onSubmit, onCancel }: { pending: boolean; onSubmit: (title: string) => void; onCancel: () => void }) {
  const tl = useLiveT();
  const inputId = useId();
  const counterId = useId();
  const [title, setTitle] = useState('');
  const canAdd = canAddStreamKey(title) && !pending;

  return (
    <form
      className={formStyles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canAdd) onSubmit(title);
      }}
    >
      <div className={formStyles.field}>
        <label htmlFor={inputId} className={formStyles.label}>
          {tl('keyAdd.label')}
        </label>
        <input
          id={inputId}
          className={formStyles.input}
          value={title}
          autoComplete="off"
          placeholder={tl('keyAdd.placeholder')}
          aria-describedby={counterId}
          onChange={(event) => setTitle(streamKeyTitleInput(event.target.value))}
          disabled={pending}
        />
        <span id={counterId} className={styles.counter}>
          {tl('keyAdd.counter', { count: streamKeyTitleLength(title), max: STREAM_KEY_TITLE_MAX })}
        </span>
      </div>
      <DialogFormActions cancelLabel={tl('keyAdd.cancel')} submitLabel={tl('keyAdd.submit')} onCancel={onCancel} pending={pending} canSubmit={canAdd} />
    </form>
  );
}
