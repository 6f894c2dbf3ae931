import { useState } from 'react';
import { earliestReservationSlot, reservationProblem } from '@studio/contract/reservation';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions, DialogBody, DialogCloseButton, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { useFormat } from '../../../lib/format/use-format';
import { useNow } from '../../../components/reservation/use-now';
import { useWritingT } from '../messages';
import { PublishChoice, type PublishWhen } from '../../../components/reservation/publish-choice';
import styles from './publish.module.css';

type PublishDialogProps = {
  reservedAt: string | null;
  /** Checks the text first; a message says what is missing. */
  problem: () => string | null;
  pending: boolean;
  onPublish: (when: PublishWhen) => Promise<void>;
};

/** The editor's publish button and its dialog: now, or a reserved time in Korean time. */
export function PublishDialog({ reservedAt, problem, pending, onPublish }: PublishDialogProps) {
  const t = useWritingT();
  const format = useFormat();
  const now = useNow();
  const [open, setOpen] = useState(false);
  const [when, setWhen] = useState<PublishWhen>({ mode: 'now' });
  const [error, setError] = useState<string | null>(null);
  const earliest = earliestReservationSlot(now);
  const tooEarly = when.mode === 'reserve' && reservationProblem(when.at, now) !== null;

  function openDialog(next: boolean) {
    if (next) {
      setError(problem());
      const current = reservedAt ? new Date(reservedAt) : null;
      setWhen(current && current > earliest ? { mode: 'reserve', at: current, visibility: 'PUBLIC' } : { mode: 'now' });
    }
    setOpen(next);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && openDialog(next)}>
      <Button variant="primary" onClick={() => openDialog(true)}>
        {t('publish.button')}
      </Button>
      <DialogContent variant="panel" aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>{t('publish.title')}</DialogTitle>
          <DialogCloseButton label={t('publish.cancel')} disabled={pending} />
        </DialogHeader>
        <DialogBody>
          <div className={styles.publishBody}>
            {reservedAt ? <p className={styles.pickerHint}>{t('publish.currentReservation', { time: format.dateTime(reservedAt) })}</p> : null}
            <PublishChoice value={when} onChange={setWhen} now={now} earliest={earliest} allowHidden />
            {error ? (
              <p className={styles.error} role="alert">
                {error}
              </p>
            ) : null}
          </div>
        </DialogBody>
        <DialogActions>
          <Button disabled={pending} onClick={() => setOpen(false)}>
            {t('publish.cancel')}
          </Button>
          <Button
            variant="primary"
            disabled={pending || tooEarly}
            onClick={() => {
              const missing = problem();
              setError(missing);
              if (missing) return;
              void onPublish(when).then(() => setOpen(false), () => undefined);
            }}
          >
            {when.mode === 'now' ? t('publish.confirmNow') : t('publish.confirmReserve')}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
