import { useState } from 'react';
import { NoticeCategory } from '@studio/contract/enums';
import { useLatestSearchParams } from '../../../components/routing/use-latest-search-params';
import formStyles from '../../../components/form/form.module.css';
import { Tag } from '../../../components/ui/badges';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { Section } from '../../../components/ui/page';
import { useFormat } from '../../../lib/format/use-format';
import { showToast } from '../../../lib/toast';
import { useDeleteOperatorNotice } from '../api/delete-operator-notice';
import { operatorNoticesQueryOptions } from '../api/get-operator-notices';
import { useOperatorT } from '../messages';
import { readNoticeSearch, toSearchParams } from '../utils/channel-search';
import { NoticeEditorDialog } from './notice-editor-dialog';
import styles from './operator.module.css';

/** Notices of both categories, scheduled ones too: write, edit, delete. */
export function OperatorNoticesPage() {
  const t = useOperatorT();
  const format = useFormat();
  const { shown, latest, setSearchParams } = useLatestSearchParams();
  const search = readNoticeSearch(shown);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<{ id: number; title: string } | null>(null);
  const remove = useDeleteOperatorNotice();
  // When the page opened: a notice scheduled after it is marked so.
  const [now] = useState(() => Date.now());

  return (
    <>
      <div className={styles.filters}>
        <div className={`${formStyles.field} ${styles.narrow}`}>
          <label htmlFor="operator-notice-category" className={formStyles.label}>
            {t('notices.categoryFilter')}
          </label>
          <select
            id="operator-notice-category"
            className={formStyles.input}
            value={search.category}
            onChange={(event) => setSearchParams(toSearchParams({ category: event.target.value }))}
          >
            <option value="">{t('common.all')}</option>
            {NoticeCategory.options.map((option) => (
              <option key={option} value={option}>
                {t(`category.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.filterActions}>
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('notices.create')}
          </Button>
        </div>
      </div>
      <Section flush>
        <PagedList
          query={operatorNoticesQueryOptions(search)}
          empty={<EmptyState title={t('notices.empty')} />}
          onPageChange={(page) => setSearchParams(toSearchParams({ ...readNoticeSearch(latest), page }))}
        >
          {(notices, busy) => (
            <ul className={`${styles.list} ${busy ? styles.busy : ''}`}>
              {notices.map((notice) => (
                <li key={notice.id} className={styles.row}>
                  <div className={styles.rowMain}>
                    <span className={styles.rowTitle}>
                      {notice.category === 'STUDIO_IMPORTANT' ? <Tag tone="danger">{t('category.STUDIO_IMPORTANT')}</Tag> : <Tag>{t('category.STUDIO')}</Tag>}
                      {new Date(notice.publishedAt).getTime() > now ? <Tag tone="warning">{t('notices.scheduled')}</Tag> : null}
                      {notice.title}
                    </span>
                    <span className={styles.meta}>{t('notices.publishedAt', { date: format.dateTime(notice.publishedAt) })}</span>
                  </div>
                  <div className={styles.rowActions}>
                    <Button size="small" onClick={() => setEditing(notice.id)} aria-label={`${t('common.edit')}: ${notice.title}`}>
                      {t('common.edit')}
                    </Button>
                    <Button size="small" variant="ghost" onClick={() => setDeleting({ id: notice.id, title: notice.title })} aria-label={`${t('common.delete')}: ${notice.title}`}>
                      {t('common.delete')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      </Section>
      {editing !== null ? <NoticeEditorDialog key={String(editing)} noticeId={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('notices.deleteTitle', { title: deleting?.title ?? '' })}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showToast(t('notices.deleted'));
              setDeleting(null);
            },
            onError: () => setDeleting(null),
          })
        }
      >
        {t('notices.deleteDescription')}
      </ConfirmDialog>
    </>
  );
}
