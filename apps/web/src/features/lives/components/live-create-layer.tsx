import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LAYER_THUMBNAIL } from '@studio/contract/constants';
import { layerThumbnailUrl, livePagePath, type StreamKey } from '@studio/contract/live';
import { AsyncErrorBlock } from '../../../components/errors/async-error-block';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions, DialogCloseButton, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Loading } from '../../../components/ui/loading';
import { useFormat } from '../../../lib/format/use-format';
import { useCreateLive } from '../api/create-live';
import { livesQueryOptions, previousLivesQuery } from '../api/get-lives';
import { streamKeysQueryOptions } from '../api/get-stream-keys';
import { useLiveT } from '../messages';
import { StreamKeyAddLayer } from './stream-key-add-layer';
import styles from './live-layers.module.css';

type LiveCreateLayerProps = {
  channelId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Spec sections 2, 4 and 5, 'Start live broadcast': step 1 chooses a stream
 * key; step 2, shown only once a key is chosen, offers that key's five newest
 * ended lives to copy settings from. Confirm creates the live (a clone of the
 * chosen previous live, otherwise from the key) and opens its page.
 */
export function LiveCreateLayer({ channelId, open, onOpenChange }: LiveCreateLayerProps) {
  const tl = useLiveT();
  const [adding, setAdding] = useState(false);
  useCloseOnRouteChange(open, onOpenChange);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent variant="panel" className={styles.layer} aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>{tl('create.title')}</DialogTitle>
          <DialogCloseButton label={tl('create.close')} />
        </DialogHeader>
        <LiveCreateForm channelId={channelId} onAddKey={() => setAdding(true)} onCancel={() => onOpenChange(false)} />
        {/* Inside the layer's content, so Radix stacks it above: Esc closes the inner one first. */}
        <AddKeyThenCreate channelId={channelId} open={adding} onOpenChange={setAdding} />
      </DialogContent>
    </Dialog>
  );
}

/** Spec section 2: the layer closes on route change (a link in the menu, back, the new live's page). */
function useCloseOnRouteChange(open: boolean, onOpenChange: (open: boolean) => void) {
  const location = useLocation();
  const openedAt = useRef<string | null>(null);
  const close = useEffectEvent(() => onOpenChange(false));
  useEffect(() => {
    if (!open) {
      openedAt.current = null;
      return;
    }
    if (openedAt.current === null) openedAt.current = location.key;
    else if (openedAt.current !== location.key) close();
  }, [open, location.key]);
}

function LiveCreateForm({ channelId, onAddKey, onCancel }: { channelId: number; onAddKey: () => void; onCancel: () => void }) {
  const tl = useLiveT();
  const navigate = useNavigate();
  const keys = useQuery(streamKeysQueryOptions(channelId));
  const [kampChannelId, setKampChannelId] = useState<string | null>(null);
  const [previousLiveId, setPreviousLiveId] = useState<number | null>(null);
  const create = useCreateLive(channelId);
  const step1Id = useId();
  const step2Id = useId();

  const chooseKey = (key: string) => {
    setKampChannelId(key);
    // A previous live belongs to one key: a new key starts step 2 afresh.
    setPreviousLiveId(null);
  };

  const confirm = () => {
    if (kampChannelId === null) return;
    create.mutate(
      { kampChannelId, channelLiveId: previousLiveId ?? undefined },
      { onSuccess: ({ liveId }) => void navigate(livePagePath(channelId, liveId)) },
    );
  };

  let step1;
  if (keys.isPending) step1 = <Loading />;
  else if (keys.isError) step1 = <AsyncErrorBlock compact error={keys.error} onRetry={() => void keys.refetch()} />;
  else if (keys.data.length === 0) step1 = <p className={styles.empty}>{tl('create.noKeys')}</p>;
  else
    step1 = (
      <StreamKeyChoices keys={keys.data} value={kampChannelId} onChange={chooseKey} labelledBy={step1Id} disabled={create.isPending} />
    );

  return (
    <>
      <section className={styles.step} aria-labelledby={step1Id}>
        <div className={styles.stepHead}>
          <h3 id={step1Id} className={styles.stepTitle}>
            {tl('create.step1')}
          </h3>
          <Button size="small" variant="ghost" onClick={onAddKey} disabled={create.isPending}>
            {tl('create.addKey')}
          </Button>
        </div>
        {step1}
      </section>
      {kampChannelId !== null ? (
        <section className={styles.step} aria-labelledby={step2Id}>
          <h3 id={step2Id} className={styles.stepTitle}>
            {tl('create.step2')}
          </h3>
          <p className={styles.hint}>{tl('create.step2Hint')}</p>
          <PreviousLiveChoices
            channelId={channelId}
            kampChannelId={kampChannelId}
            value={previousLiveId}
            onChange={setPreviousLiveId}
            labelledBy={step2Id}
            disabled={create.isPending}
          />
        </section>
      ) : null}
      <DialogActions>
        <Button onClick={onCancel} disabled={create.isPending}>
          {tl('create.cancel')}
        </Button>
        {/* Spec section 5: disabled until a stream key is selected and while submitting. */}
        <Button variant="primary" onClick={confirm} disabled={kampChannelId === null || create.isPending}>
          {tl('create.confirm')}
        </Button>
      </DialogActions>
    </>
  );
}

function StreamKeyChoices({
  keys,
  value,
  onChange,
  labelledBy,
  disabled,
}: {
  keys: StreamKey[];
  value: string | null;
  onChange: (kampChannelId: string) => void;
  labelledBy: string;
  disabled: boolean;
}) {
  const tl = useLiveT();
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className={styles.choices}>
      {keys.map((key) => (
        <label key={key.kampChannelId} className={styles.choice}>
          <input
            type="radio"
            name={name}
            value={key.kampChannelId}
            checked={value === key.kampChannelId}
            onChange={() => onChange(key.kampChannelId)}
            disabled={disabled}
          />
          <span className={styles.choiceTitle}>{key.title}</span>
          {key.isLive ? <span className={styles.onAir}>{tl('keys.onAirSuffix')}</span> : null}
        </label>
      ))}
    </div>
  );
}

function PreviousLiveChoices({
  channelId,
  kampChannelId,
  value,
  onChange,
  labelledBy,
  disabled,
}: {
  channelId: number;
  kampChannelId: string;
  value: number | null;
  onChange: (liveId: number | null) => void;
  labelledBy: string;
  disabled: boolean;
}) {
  const tl = useLiveT();
  const format = useFormat();
  const name = useId();
  const previous = useQuery(livesQueryOptions(channelId, previousLivesQuery(kampChannelId)));

  if (previous.isPending) return <Loading />;
  if (previous.isError) return <AsyncErrorBlock compact error={previous.error} onRetry={() => void previous.refetch()} />;
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className={styles.choices}>
      <label className={styles.choice}>
        <input type="radio" name={name} checked={value === null} onChange={() => onChange(null)} disabled={disabled} />
        <span className={styles.choiceTitle}>{tl('create.noPrevious')}</span>
      </label>
      {previous.data.content.length === 0 ? <p className={styles.empty}>{tl('create.previousEmpty')}</p> : null}
      {previous.data.content.map((live) => (
        <label key={live.liveId} className={`${styles.choice} ${styles.liveChoice}`}>
          <input type="radio" name={name} checked={value === live.liveId} onChange={() => onChange(live.liveId)} disabled={disabled} />
          {live.thumbnailUrl ? (
            <img
              className={styles.thumb}
              src={layerThumbnailUrl(live.thumbnailUrl)}
              width={LAYER_THUMBNAIL.width}
              height={LAYER_THUMBNAIL.height}
              alt=""
              loading="lazy"
            />
          ) : (
            <span className={styles.thumb} aria-hidden="true" />
          )}
          <span className={styles.liveText}>
            <span className={styles.choiceTitle}>{live.title}</span>
            <span className={styles.sub}>{format.dateTime(live.createdAt)}</span>
          </span>
        </label>
      ))}
    </div>
  );
}

/** Spec section 2: a key added from this layer opens a new live of that key. */
function AddKeyThenCreate({ channelId, open, onOpenChange }: { channelId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const create = useCreateLive(channelId);
  return (
    <StreamKeyAddLayer
      channelId={channelId}
      open={open}
      onOpenChange={onOpenChange}
      onAdded={(kampChannelId) =>
        create.mutate({ kampChannelId }, { onSuccess: ({ liveId }) => void navigate(livePagePath(channelId, liveId)) })
      }
    />
  );
}
