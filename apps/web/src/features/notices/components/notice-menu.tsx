import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { AsyncErrorBlock } from '../../../components/errors/async-error-block';
import { EmptyState } from '../../../components/ui/empty-state';
import { DropdownMoreItem, HeaderDropdown, type HeaderDropdownProps } from '../../../components/ui/header-dropdown';
import { MegaphoneIcon } from '../../../components/ui/icons';
import { Loading } from '../../../components/ui/loading';
import dropdown from '../../../components/ui/dropdown.module.css';
import { useT } from '../../../lib/i18n/i18n';
import { useDropdownNotices } from '../api/get-notices';
import { NoticeRow } from './notice-row';

function DropdownNotices() {
  const t = useT();
  const { notices, isPending, error, retry } = useDropdownNotices();

  if (error) return <AsyncErrorBlock compact error={error} onRetry={retry} />;
  if (isPending || !notices) return <Loading />;
  if (notices.length === 0) return <EmptyState compact icon={<MegaphoneIcon />} title={t('notice.empty')} />;
  return (
    <>
      {notices.map((notice) => (
        <DropdownMenu.Item key={notice.contentId} asChild className={dropdown.item}>
          <Link to={`/notices/${notice.contentId}`}>
            <NoticeRow notice={notice} />
          </Link>
        </DropdownMenu.Item>
      ))}
    </>
  );
}

/** The notice panel: up to 5 notices, important first, and a link to all. Loaded on first intent. */
export function NoticeMenu(props: HeaderDropdownProps) {
  const t = useT();
  return (
    <HeaderDropdown {...props}>
      <div className={dropdown.panelHeader}>
        <DropdownMenu.Label className={dropdown.panelTitle}>{t('notice.title')}</DropdownMenu.Label>
      </div>
      <div className={dropdown.panelBody}>
        <DropdownNotices />
      </div>
      <div className={dropdown.panelFooter}>
        <DropdownMoreItem to="/notices" label={t('common.more')} />
      </div>
    </HeaderDropdown>
  );
}
