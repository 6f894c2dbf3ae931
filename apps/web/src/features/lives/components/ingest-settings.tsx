import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { LiveDetail, StreamKey } from '@studio/contract/live';
import { AsyncErrorBlock } from '../../../components/errors/async-error-block';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Loading } from '../../../components/ui/loading';
import { Section } from '../../../components/ui/page';
import formStyles from '../../../components/form/form.module.css';
import { showToast } from '../../../lib/toast';
import { streamKeysQueryOptions } from '../api/get-stream-keys';
import { useChangeStream } from '../api/live-lifecycle';
import { useReissueStreamKey } from '../api/reissue-stream-key';
import { useLiveT } from '../messages';
import styles from './live-detail.module.css';

/**
 * What OBS asks for, side by side with its own labels: "Server" and "Stream
 * Key". The secret stays masked until revealed; both copy in one press.
 * While READY the live can switch to another key.
 */
export function IngestSettings({ live }: { live: LiveDetail }) {
  const tl = useLiveT();
  const keys = useQuery(streamKeysQueryOptions(live.channelId));

  let body;
  if (keys.isPending) body = <Loading />;
  else if (keys.isError) body = <AsyncErrorBlock compact error={keys.error} onRetry={() => void keys.refetch()} />;
  else {
    const key = keys.data.find((candidate) => candidate.kampChannelId === live.kampChannelId);
    body = (
      <>
        {key ? <IngestFields streamKey={key} /> : <p className={styles.hint}>{tl('ingest.keyMissing')}</p>}
        {live.status === 'READY' ? <ChangeStreamKey live={live} keys={keys.data} /> : null}
      </>
    );
  }

  return (
    <Section title={tl('ingest.title')}>
      <div className={styles.ingest}>
        <p className={styles.hint}>{tl('ingest.hint')}</p>
        {body}
      </div>
    </Section>
  );
}

async function copy(text: string, done: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    showToast(done);
  } catch {
    showToast(failed);
  }
}

function IngestFields({ streamKey }: { streamKey: StreamKey }) {
  const tl = useLiveT();
  const serverId = useId();
  const keyId = useId();
  const [revealed, setRevealed] = useState(false);
  const [reissueOpen, setReissueOpen] = useState(false);
  const reissue = useReissueStreamKey(streamKey.channelId);

  return (
    <>
      <div className={formStyles.field}>
        <label htmlFor={serverId} className={formStyles.label}>
          {tl('ingest.server')}
        </label>
        <div className={styles.copyRow}>
          <input id={serverId} className={`${formStyles.input} ${styles.mono}`} value={streamKey.serverUrl} readOnly data-testid="ingest-server" />
          <Button size="small" aria-label={tl('ingest.copyServer')} onClick={() => void copy(streamKey.serverUrl, tl('ingest.copied'), tl('ingest.copyFailed'))}>
            {tl('ingest.copy')}
          </Button>
        </div>
      </div>
      <div className={formStyles.field}>
        <label htmlFor={keyId} className={formStyles.label}>
          {tl('ingest.streamKey')} <span className={styles.keyName}>· {streamKey.title}</span>
        </label>
        <div className={styles.copyRow}>
          <input
            id={keyId}
            className={`${formStyles.input} ${styles.mono}`}
            type={revealed ? 'text' : 'password'}
            value={streamKey.streamKey}
            readOnly
            autoComplete="off"
            spellCheck={false}
            data-testid="ingest-key"
          />
          <Button size="small" aria-pressed={revealed} onClick={() => setRevealed((value) => !value)}>
            {tl(revealed ? 'ingest.hide' : 'ingest.reveal')}
          </Button>
          <Button size="small" aria-label={tl('ingest.copyKey')} onClick={() => void copy(streamKey.streamKey, tl('ingest.copied'), tl('ingest.copyFailed'))}>
            {tl('ingest.copy')}
          </Button>
        </div>
      </div>
      <div>
        <ConfirmDialog
          open={reissueOpen}
          onOpenChange={setReissueOpen}
          trigger={
            <Button size="small" variant="ghost">
              {tl('ingest.reissue')}
            </Button>
          }
          title={tl('ingest.reissueTitle')}
          confirmLabel={tl('ingest.reissue')}
          cancelLabel={tl('detail.cancel')}
          pending={reissue.isPending}
          onConfirm={() =>
            reissue.mutate(streamKey.kampChannelId, {
              onSuccess: () => {
                setReissueOpen(false);
                showToast(tl('ingest.reissued'));
              },
            })
          }
        >
          <p>{tl('ingest.reissueDescription')}</p>
        </ConfirmDialog>
      </div>
    </>
  );
}

function ChangeStreamKey({ live, keys }: { live: LiveDetail; keys: StreamKey[] }) {
  const tl = useLiveT();
  const selectId = useId();
  const [choice, setChoice] = useState(live.kampChannelId);
  const change = useChangeStream(live.channelId, live.liveId);
  if (keys.length < 2) return null;

  return (
    <form
      className={styles.changeKey}
      onSubmit={(event) => {
        event.preventDefault();
        if (choice !== live.kampChannelId) change.mutate(choice, { onSuccess: () => showToast(tl('ingest.changed')) });
      }}
    >
      <div className={formStyles.field}>
        <label htmlFor={selectId} className={formStyles.label}>
          {tl('ingest.changeKeyLabel')}
        </label>
        <select id={selectId} className={formStyles.input} value={choice} onChange={(event) => setChoice(event.target.value)}>
          {keys.map((key) => (
            <option key={key.kampChannelId} value={key.kampChannelId}>
              {key.isLive ? tl('keys.onAir', { title: key.title }) : key.title}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" size="small" disabled={choice === live.kampChannelId || change.isPending}>
        {tl('ingest.changeKey')}
      </Button>
    </form>
  );
}
