import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { STREAM_KEY_TITLE_MAX } from '@studio/contract/constants';
import type { StreamKey } from '@studio/contract/live';
import { AsyncErrorBlock } from '../../../components/errors/async-error-block';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogCloseButton, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Loading } from '../../../components/ui/loading';
import formStyles from '../../../components/form/form.module.css';
import { showToast } from '../../../lib/toast';
import { streamKeysQueryOptions } from '../api/get-stream-keys';
import { useRenameStreamKey } from '../api/rename-stream-key';
import { useLiveT } from '../messages';
import { canFinishStreamKeyEdit, streamKeyRename, streamKeyTitleInput, streamKeyTitleLength } from '../utils/stream-key-title';
import { StreamKeyAddLayer } from './stream-key-add-layer';
import styles from './live-layers.module.css';

type StreamKeyManageLayerProps = { channelId: number; open: boolean; onOpenChange: (open: boolean) => void };

/** Spec sections 2, 4 and 5, 'Manage stream keys': edit and done per row, one row at a time. */
export function StreamKeyManageLayer({ channelId, open, onOpenChange }: StreamKeyManageLayerProps) {
  const tl = useLiveT();
  const [adding, setAdding] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent variant="panel" className={styles.layer} aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>{tl('keys.title')}</DialogTitle>
          <DialogCloseButton label={tl('keys.close')} />
        </DialogHeader>
        <StreamKeyRows channelId={channelId} />
        <div>
          <Button size="small" onClick={() => setAdding(true)}>
            {tl('keys.add')}
          </Button>
        </div>
        <StreamKeyAddLayer channelId={channelId} open={adding} onOpenChange={setAdding} />
      </DialogContent>
    </Dialog>
  );
}

type Editing = { kampChannelId: string; title: string };

function StreamKeyRows({ channelId }: { channelId: number }) {
  const tl = useLiveT();
  const keys = useQuery(streamKeysQueryOptions(channelId));
  const [editing, setEditing] = useState<Editing | null>(null);
  const rename = useRenameStreamKey(channelId);

  if (keys.isPending) return <Loading />;
  if (keys.isError) return <AsyncErrorBlock compact error={keys.error} onRetry={() => void keys.refetch()} />;
  if (keys.data.length === 0) return <p className={styles.empty}>{tl('keys.empty')}</p>;

  const startEdit = (key: StreamKey) => {
    // Spec section 4: only one key is edited at a time.
    if (editing && editing.kampChannelId !== key.kampChannelId) {
      showToast(tl('keys.editNotCompleted'));
      return;
    }
    setEditing({ kampChannelId: key.kampChannelId, title: key.title });
  };

  const finishEdit = (key: StreamKey) => {
    if (!editing) return;
    const title = streamKeyRename(key.title, editing.title);
    // Spec section 5: an unchanged trimmed title sends nothing.
    if (title === null) {
      setEditing(null);
      return;
    }
    rename.mutate(
      { kampChannelId: key.kampChannelId, title },
      {
        onSuccess: (result) => {
          if (result.ok) {
            showToast(tl('keys.editCompleted'));
            setEditing(null);
          } else {
            showToast(tl('keys.editFailed'));
          }
        },
      },
    );
  };

  return (
    <ul className={styles.keyRows} aria-label={tl('keys.title')}>
      {keys.data.map((key) => (
        <StreamKeyRow
          key={key.kampChannelId}
          streamKey={key}
          editing={editing?.kampChannelId === key.kampChannelId ? editing.title : null}
          pending={rename.isPending && rename.variables.kampChannelId === key.kampChannelId}
          onEdit={() => startEdit(key)}
          onChange={(title) => setEditing({ kampChannelId: key.kampChannelId, title: streamKeyTitleInput(title) })}
          onDone={() => finishEdit(key)}
        />
      ))}
    </ul>
  );
}

type StreamKeyRowProps = {
  streamKey: StreamKey;
  /** The title being typed, or null when the row is not in edit. */
  editing: string | null;
  pending: boolean;
  onEdit: () => void;
  onChange: (title: string) => void;
  onDone: () => void;
};

function StreamKeyRow({ streamKey, editing, pending, onEdit, onChange, onDone }: StreamKeyRowProps) {
  const tl = useLiveT();
  const inputId = useId();
  const counterId = useId();
  const doneDisabled = pending || editing === null || !canFinishStreamKeyEdit(editing, streamKey.isLive);

  return (
    <li className={styles.keyRow} data-stream-key={streamKey.kampChannelId}>
      {editing === null ? (
        <span className={styles.keyTitle}>
          <span className={styles.choiceTitle}>{streamKey.title}</span>
          {/* Spec section 4: a key on air shows the suffix and cannot be renamed. */}
          {streamKey.isLive ? <span className={styles.onAir}>{tl('keys.onAirSuffix')}</span> : null}
        </span>
      ) : (
        <form
          className={styles.keyEdit}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!doneDisabled) onDone();
          }}
        >
          <label htmlFor={inputId} className="visually-hidden">
            {tl('keys.editLabel', { title: streamKey.title })}
          </label>
          <input
            id={inputId}
            className={formStyles.input}
            value={editing}
            autoComplete="off"
            // The row just turned into a field: typing goes there.
            autoFocus
            aria-describedby={counterId}
            onChange={(event) => onChange(event.target.value)}
            disabled={pending}
          />
          {/* Spec section 5: the same x/20 counter as the add row. */}
          <span id={counterId} className={styles.counter}>
            {tl('keyAdd.counter', { count: streamKeyTitleLength(editing), max: STREAM_KEY_TITLE_MAX })}
          </span>
        </form>
      )}
      {editing === null ? (
        <Button size="small" onClick={onEdit} disabled={streamKey.isLive} aria-label={`${tl('keys.edit')}: ${streamKey.title}`}>
          {tl('keys.edit')}
        </Button>
      ) : (
        <Button size="small" variant="primary" onClick={onDone} disabled={doneDisabled} aria-label={`${tl('keys.done')}: ${streamKey.title}`}>
          {tl('keys.done')}
        </Button>
      )}
    </li>
  );
}
