import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ContentSummary } from '@studio/contract/content';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { showToast } from '../../../lib/toast';
import { useContentAction } from '../api/content-action';
import { useChannelHomeT } from '../messages';
import { type ContentRowAction, contentRowActions } from '../utils/content-actions';
import styles from './channel-contents.module.css';

export type ContentRowMenuProps = {
  channelId: number;
  content: ContentSummary;
  title: string;
  /** Open at once: the row's button was pressed before this code had loaded. */
  defaultOpen: boolean;
  /** Take over focus from the placeholder button this replaces. */
  focusTrigger: boolean;
};

/** A row's menu: edit, preview, hide, unhide, cancel a reservation, delete (asked first). Loaded on intent by ContentRowActions. */
export function ContentRowMenu({ channelId, content, title, defaultOpen, focusTrigger }: ContentRowMenuProps) {
  const t = useChannelHomeT();
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger && !defaultOpen) triggerRef.current?.focus();
    // Only on mount: this is the hand-over from the placeholder.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const navigate = useNavigate();
  const mutation = useContentAction(channelId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const actions = contentRowActions(content);
  if (actions.length === 0) return null;

  function run(action: Exclude<ContentRowAction, 'EDIT' | 'PREVIEW'>) {
    mutation.mutate(
      { action, content },
      {
        onSuccess: () => {
          setConfirmDelete(false);
          showToast(t(`actions.done.${action}`));
        },
      },
    );
  }

  function select(action: ContentRowAction) {
    switch (action) {
      case 'EDIT':
        return void navigate(`/editor/${channelId}/${content.id}`);
      case 'PREVIEW':
        return void navigate(`/channels/${channelId}/contents/${content.id}/preview`);
      case 'DELETE':
        return setConfirmDelete(true);
      case 'HIDE':
      case 'UNHIDE':
      case 'CANCEL_RESERVATION':
        return run(action);
    }
  }

  return (
    <>
      <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
        <DropdownMenu.Trigger ref={triggerRef} className={styles.actionsTrigger} aria-label={t('actions.menu', { title })} disabled={mutation.isPending}>
          <span aria-hidden="true">⋯</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={styles.filterMenu} align="end" sideOffset={6} collisionPadding={8}>
            {actions.map((action) => (
              <DropdownMenu.Item key={action} className={`${styles.filterItem} ${action === 'DELETE' ? styles.dangerItem : ''}`} onSelect={() => select(action)}>
                {t(`actions.${action}`)}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('actions.deleteTitle')}
        confirmLabel={t('actions.deleteConfirm')}
        cancelLabel={t('actions.cancel')}
        pending={mutation.isPending}
        onConfirm={() => run('DELETE')}
      >
        <p>{t('actions.deleteDescription', { title })}</p>
      </ConfirmDialog>
    </>
  );
}
