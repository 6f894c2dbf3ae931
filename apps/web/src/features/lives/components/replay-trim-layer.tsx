import { useId, useState, type ReactElement } from 'react';
import { REPLAY_TRIM_MIN_SECONDS } from '@studio/contract/live';
import { Dialog, DialogFormActions, DialogBody, DialogCloseButton, DialogContent, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import formStyles from '../../../components/form/form.module.css';
import { errorMessage } from '../../../lib/error-message';
import { showToast } from '../../../lib/toast';
import { useTrimReplay } from '../api/trim-replay';
import { useLiveT } from '../messages';
import { formatClock, trimRange } from '../utils/replay-trim-time';
import styles from './live-layers.module.css';

type ReplayTrimLayerProps = {
  channelId: number;
  liveId: number;
  durationSeconds: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it; focus goes back to it when the dialog closes. */
  trigger: ReactElement;
};

/**
 * Issue 24: the owner or a manager keeps a part of the replay, start and end in m:ss. The server
 * cuts at keyframes (decision 046), so the length shown is "about"; the original plays until the
 * trim is done. Radix keeps the focus inside, Esc closes, focus returns to the button.
 */
export function ReplayTrimLayer({ channelId, liveId, durationSeconds, open, onOpenChange, trigger }: ReplayTrimLayerProps) {
  const tl = useLiveT();
  const trim = useTrimReplay(channelId, liveId);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (trim.isPending) return;
        if (!next) trim.reset();
        onOpenChange(next);
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent size="small" variant="panel" data-testid="replay-trim-layer">
        <DialogHeader>
          <DialogTitle>{tl('trim.title')}</DialogTitle>
          <DialogCloseButton label={tl('trim.close')} disabled={trim.isPending} />
        </DialogHeader>
        {/* Mounted with the dialog: each opening starts from the whole replay. */}
        {open ? (
          <ReplayTrimForm
            durationSeconds={durationSeconds}
            pending={trim.isPending}
            failure={trim.isError ? errorMessage(trim.error) : null}
            onCancel={() => onOpenChange(false)}
            onSubmit={(range) =>
              trim.mutate(range, {
                onSuccess: () => {
                  showToast(tl('trim.requested'));
                  onOpenChange(false);
                },
              })
            }
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

type ReplayTrimFormProps = {
  durationSeconds: number;
  pending: boolean;
  failure: string | null;
  onSubmit: (range: { startSeconds: number; endSeconds: number }) => void;
  onCancel: () => void;
};

function ReplayTrimForm({ durationSeconds, pending, failure, onSubmit, onCancel }: ReplayTrimFormProps) {
  const tl = useLiveT();
  const startId = useId();
  const endId = useId();
  const hintId = useId();
  const stateId = useId();
  const [startText, setStartText] = useState('0:00');
  const [endText, setEndText] = useState(formatClock(durationSeconds));
  const range = trimRange(startText, endText, durationSeconds, REPLAY_TRIM_MIN_SECONDS);
  const problem = 'problem' in range ? range.problem : null;
  const length = formatClock(durationSeconds);
  const problemText =
    problem === 'invalidTime'
      ? tl('trim.invalidTime')
      : problem === 'invalidRange'
        ? tl('trim.invalidRange', { length })
        : problem === 'tooShort'
          ? tl('trim.tooShort', { seconds: REPLAY_TRIM_MIN_SECONDS })
          : problem === 'unchanged'
            ? tl('trim.unchanged')
            : null;
  const canSubmit = !problem && !pending;

  return (
    <form
      className={formStyles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!('problem' in range) && !pending) onSubmit(range);
      }}
    >
      <DialogBody describes>
        <p>{tl('trim.description')}</p>
        <p className={styles.trimLength}>{tl('trim.length', { length })}</p>
      </DialogBody>
      <div className={styles.trimFields}>
        {(
          [
            [startId, 'trim.start', startText, setStartText],
            [endId, 'trim.end', endText, setEndText],
          ] as const
        ).map(([id, label, value, set]) => (
          <div key={id} className={formStyles.field}>
            <label htmlFor={id} className={formStyles.label}>
              {tl(label)}
            </label>
            <input
              id={id}
              className={formStyles.input}
              value={value}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={`${hintId} ${stateId}`}
              aria-invalid={problem === 'invalidTime' || problem === 'invalidRange' ? true : undefined}
              onChange={(event) => set(event.target.value)}
              disabled={pending}
            />
          </div>
        ))}
      </div>
      <p id={hintId} className={styles.trimHint}>
        {tl('trim.timeHint')}
      </p>
      <div id={stateId} aria-live="polite">
        {problemText ? (
          <p className={formStyles.error} data-testid="replay-trim-problem">
            {problemText}
          </p>
        ) : 'problem' in range ? null : (
          <p data-testid="replay-trim-result">
            {tl('trim.result', { length: formatClock(range.endSeconds - range.startSeconds) })}
            <span className={styles.trimHint}> {tl('trim.resultHint')}</span>
          </p>
        )}
      </div>
      {failure ? (
        <p className={formStyles.error} role="alert">
          {failure}
        </p>
      ) : null}
      <DialogFormActions cancelLabel={tl('trim.cancel')} submitLabel={tl('trim.submit')} onCancel={onCancel} pending={pending} canSubmit={canSubmit} />
    </form>
  );
}
