import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { LiveDetail } from '@studio/contract/live';
import {
  MAX_RESTREAM_TARGETS_PER_KEY,
  RESTREAM_KEY_MAX,
  RESTREAM_URL_MAX,
  restreamKeyProblem,
  restreamUrlProblem,
  type RestreamForwarding,
  type RestreamState,
  type RestreamTarget,
} from '@studio/contract/restream';
import { AsyncErrorBlock } from '../../../components/errors/async-error-block';
import { Tag, type TagTone } from '../../../components/ui/badges';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Loading } from '../../../components/ui/loading';
import { Section } from '../../../components/ui/page';
import formStyles from '../../../components/form/form.module.css';
import { showToast } from '../../../lib/toast';
import { restreamTargetsQueryOptions } from '../api/get-restream-targets';
import { useChangeRestreamTarget } from '../api/save-restream-target';
import { useLiveT } from '../messages';
import styles from './live-detail.module.css';

const stateTone: Record<RestreamState, TagTone> = { CONNECTING: 'accent', LIVE: 'success', FAILING: 'danger', STOPPED: 'warning' };

/**
 * Issue 24, point 3: the live's stream key's restream targets (up to 3), added, edited and removed
 * here; while on air each shows its forwarding state, refreshed with the stream state. A saved key is
 * only ever shown masked ("••••ab12"): the server never answers it again.
 */
export function RestreamTargets({ live }: { live: LiveDetail }) {
  const tl = useLiveT();
  const onAir = live.status === 'START';
  const targets = useQuery(restreamTargetsQueryOptions(live.channelId, live.kampChannelId, onAir));
  const [adding, setAdding] = useState(false);

  let body;
  if (targets.isPending) body = <Loading />;
  else if (targets.isError) body = <AsyncErrorBlock compact error={targets.error} onRetry={() => void targets.refetch()} />;
  else {
    const full = targets.data.length >= MAX_RESTREAM_TARGETS_PER_KEY;
    body = (
      <>
        {targets.data.length === 0 ? <p className={styles.hint}>{tl('restream.empty')}</p> : null}
        {targets.data.length > 0 ? (
          <ul className={styles.restreamList}>
            {targets.data.map((target) => (
              <TargetRow key={target.id} live={live} target={target} onAir={onAir} />
            ))}
          </ul>
        ) : null}
        {!onAir && targets.data.length > 0 ? <p className={styles.hint}>{tl('restream.offAir')}</p> : null}
        {adding ? (
          <TargetForm live={live} onDone={() => setAdding(false)} />
        ) : full ? (
          <p className={styles.hint}>{tl('restream.full', { max: MAX_RESTREAM_TARGETS_PER_KEY })}</p>
        ) : (
          <div>
            <Button size="small" onClick={() => setAdding(true)}>
              {tl('restream.add')}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <Section title={tl('restream.title')}>
      <div className={styles.ingest} data-testid="restream-targets">
        <p className={styles.hint}>{tl('restream.hint', { max: MAX_RESTREAM_TARGETS_PER_KEY })}</p>
        {body}
      </div>
    </Section>
  );
}

function TargetRow({ live, target, onAir }: { live: LiveDetail; target: RestreamTarget; onAir: boolean }) {
  const tl = useLiveT();
  const [editing, setEditing] = useState(false);
  const [removeOpen, setRemoveOpen] = useState(false);
  const change = useChangeRestreamTarget(live.channelId, live.kampChannelId);

  if (editing) {
    return (
      <li className={styles.restreamRow}>
        <TargetForm live={live} target={target} onDone={() => setEditing(false)} />
      </li>
    );
  }

  return (
    <li className={styles.restreamRow}>
      <div className={styles.restreamHead}>
        <span className={styles.mono}>{target.url}</span>
        {onAir && target.forwarding ? <Tag tone={stateTone[target.forwarding.state]}>{tl(`restream.state.${target.forwarding.state}`)}</Tag> : null}
      </div>
      <span className={styles.hint}>{tl('restream.keyHint', { hint: target.keyHint })}</span>
      {onAir && target.forwarding ? <ForwardingDetail forwarding={target.forwarding} /> : null}
      <div className={styles.restreamActions}>
        <Button size="small" aria-label={tl('restream.editLabel', { url: target.url })} onClick={() => setEditing(true)}>
          {tl('restream.edit')}
        </Button>
        <ConfirmDialog
          open={removeOpen}
          onOpenChange={setRemoveOpen}
          trigger={
            <Button size="small" variant="ghost" aria-label={tl('restream.removeLabel', { url: target.url })}>
              {tl('restream.remove')}
            </Button>
          }
          title={tl('restream.removeTitle')}
          confirmLabel={tl('restream.remove')}
          cancelLabel={tl('restream.cancel')}
          tone="danger"
          pending={change.isPending}
          onConfirm={() =>
            change.mutate(
              { kind: 'remove', targetId: target.id },
              {
                onSuccess: () => {
                  setRemoveOpen(false);
                  showToast(tl('restream.removed'));
                },
              },
            )
          }
        >
          <p>{tl('restream.removeDescription', { url: target.url })}</p>
        </ConfirmDialog>
      </div>
    </li>
  );
}

/** Why it fails, and when it is tried again (or that it gave up). */
function ForwardingDetail({ forwarding }: { forwarding: RestreamForwarding }) {
  const tl = useLiveT();
  if (!forwarding.reason || forwarding.state === 'LIVE') return null;
  return (
    <p className={styles.restreamReason} role="status">
      {tl(`restream.reason.${forwarding.reason}`)}{' '}
      {forwarding.state === 'STOPPED'
        ? tl('restream.stopped', { count: forwarding.failures })
        : forwarding.retryAt
          ? <RetryCountdown at={forwarding.retryAt} />
          : null}
    </p>
  );
}

/**
 * Seconds until the next attempt, counted down here between two refreshes of the list (a wait is 2 s
 * to a minute: a clock time said too little). Left out of the status' announcements: it changes every second.
 */
function RetryCountdown({ at }: { at: string }) {
  const tl = useLiveT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.ceil((Date.parse(at) - now) / 1_000);
  return <span aria-live="off">{seconds > 0 ? tl('restream.retryIn', { seconds }) : tl('restream.retrying')}</span>;
}

/** Adds a target, or edits one (an empty key keeps the saved one). Checked here by the contract's rules, then by the server. */
function TargetForm({ live, target, onDone }: { live: LiveDetail; target?: RestreamTarget; onDone: () => void }) {
  const tl = useLiveT();
  const urlId = useId();
  const keyId = useId();
  const urlErrorId = useId();
  const keyErrorId = useId();
  const [url, setUrl] = useState(target?.url ?? '');
  const [key, setKey] = useState('');
  const [checked, setChecked] = useState(false);
  const change = useChangeRestreamTarget(live.channelId, live.kampChannelId);

  const urlProblem = restreamUrlProblem(url.trim());
  const keyProblem = target && key === '' ? null : restreamKeyProblem(key);
  const showUrlProblem = checked && urlProblem !== null;
  const showKeyProblem = checked && keyProblem !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (urlProblem || keyProblem) return;
    const done = () => {
      showToast(tl(target ? 'restream.saved' : 'restream.added'));
      onDone();
    };
    if (target) change.mutate({ kind: 'update', targetId: target.id, body: { url: url.trim(), ...(key === '' ? {} : { key }) } }, { onSuccess: done });
    else change.mutate({ kind: 'create', body: { url: url.trim(), key } }, { onSuccess: done });
  };

  return (
    <form className={styles.restreamForm} onSubmit={submit} noValidate>
      <div className={formStyles.field}>
        <label htmlFor={urlId} className={formStyles.label}>
          {tl('restream.url')}
        </label>
        <input
          id={urlId}
          className={`${formStyles.input} ${styles.mono}`}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="rtmp://a.rtmp.youtube.com/live2"
          maxLength={RESTREAM_URL_MAX}
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          aria-invalid={showUrlProblem}
          aria-describedby={showUrlProblem ? urlErrorId : undefined}
        />
        {showUrlProblem ? (
          <p id={urlErrorId} className={formStyles.error}>
            {tl(`restream.urlProblem.${urlProblem}`, { max: RESTREAM_URL_MAX })}
          </p>
        ) : null}
      </div>
      <div className={formStyles.field}>
        <label htmlFor={keyId} className={formStyles.label}>
          {tl('restream.key')}
        </label>
        <input
          id={keyId}
          className={`${formStyles.input} ${styles.mono}`}
          type="password"
          value={key}
          onChange={(event) => setKey(event.target.value)}
          placeholder={target ? target.keyHint : undefined}
          maxLength={RESTREAM_KEY_MAX}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={showKeyProblem}
          aria-describedby={showKeyProblem ? keyErrorId : undefined}
        />
        {target ? <p className={styles.hint}>{tl('restream.keyKeep', { hint: target.keyHint })}</p> : null}
        {showKeyProblem ? (
          <p id={keyErrorId} className={formStyles.error}>
            {tl(`restream.keyProblem.${keyProblem}`, { max: RESTREAM_KEY_MAX })}
          </p>
        ) : null}
      </div>
      <div className={styles.restreamActions}>
        <Button type="submit" size="small" variant="primary" disabled={change.isPending}>
          {tl('restream.save')}
        </Button>
        <Button size="small" variant="ghost" onClick={onDone} disabled={change.isPending}>
          {tl('restream.cancel')}
        </Button>
      </div>
    </form>
  );
}
