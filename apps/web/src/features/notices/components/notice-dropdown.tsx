import { MegaphoneIcon } from '../../../components/ui/icons';
import { LazyHeaderDropdown } from '../../../components/ui/lazy-header-dropdown';
import { useT } from '../../../lib/i18n/i18n';

const loadNoticeMenu = () => import('./notice-menu').then((module) => module.NoticeMenu);

/** The header's notice button. */
export function NoticeDropdown() {
  const t = useT();
  return <LazyHeaderDropdown load={loadNoticeMenu} label={t('notice.button')} trigger={<MegaphoneIcon size={22} />} />;
}
