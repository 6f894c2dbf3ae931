import type { ContentSummary } from '@studio/contract/content';
import { useLoadOnIntent } from '../../../components/ui/use-load-on-intent';
import { useChannelHomeT } from '../messages';
import { contentRowActions } from '../utils/content-actions';
import styles from './channel-contents.module.css';

const loadMenu = async () => (await import('./content-row-menu')).ContentRowMenu;

/**
 * A row's "⋯" button. The menu, its confirmation and the menu library load on the first intent
 * (docs/decisions/052): a channel home's first load carries only this button.
 */
export function ContentRowActions({ channelId, content, title }: { channelId: number; content: ContentSummary; title: string }) {
  const t = useChannelHomeT();
  const { loaded: Menu, openOnLoad, focused, triggerProps } = useLoadOnIntent(loadMenu);
  if (contentRowActions(content).length === 0) return null;
  if (Menu) return <Menu channelId={channelId} content={content} title={title} defaultOpen={openOnLoad} focusTrigger={focused} />;
  return (
    <button type="button" className={styles.actionsTrigger} aria-label={t('actions.menu', { title })} aria-haspopup="menu" aria-expanded={false} {...triggerProps}>
      <span aria-hidden="true">⋯</span>
    </button>
  );
}
