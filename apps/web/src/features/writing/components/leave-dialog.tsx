import type { Blocker } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { useWritingT } from '../messages';

/** The in-page half of the leave warning: stay (focused first) or leave anyway. */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const t = useWritingT();
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : blocker.reset())}
      title={t('leave.title')}
      confirmLabel={t('leave.leave')}
      cancelLabel={t('leave.stay')}
      onConfirm={() => blocker.proceed()}
    >
      <p>{t('leave.description')}</p>
    </ConfirmDialog>
  );
}
