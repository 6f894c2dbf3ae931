import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageDialog } from '../../../components/ui/dialog';
import { handleError } from '../../../lib/handle-error';
import { useWritingT } from '../messages';

/** Another tab or device saved first: load its text, or keep this one and save it over that. */
export function ConflictDialog({ onReload, onKeep }: { onReload: () => Promise<void>; onKeep: () => Promise<void> }) {
  const t = useWritingT();
  const [pending, setPending] = useState(false);
  const run = (action: () => Promise<void>) => {
    setPending(true);
    action()
      .catch(handleError)
      .finally(() => setPending(false));
  };
  return (
    // Dismissing is not an answer: the text stays unsaved until one is chosen.
    <MessageDialog title={t('conflict.title')} description={t('conflict.description')} onDismiss={() => undefined}>
      <Button disabled={pending} onClick={() => run(onReload)}>
        {t('conflict.reload')}
      </Button>
      <Button variant="primary" disabled={pending} onClick={() => run(onKeep)}>
        {t('conflict.keep')}
      </Button>
    </MessageDialog>
  );
}
