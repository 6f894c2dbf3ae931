import { useId, useState } from 'react';
import { CONTENT_SEARCH_MAX, CONTENT_SORT_VALUES } from '@studio/contract/content-values';
import { oneOf } from '@studio/contract/enum-values';
import { Button } from '../../../components/ui/button';
import type { ContentListParams } from '../hooks/use-content-filters';
import { useChannelHomeT } from '../messages';
import styles from './channel-contents.module.css';

type Props = { latest: ContentListParams; update: (next: Partial<ContentListParams>) => void };

/** The title search: typed freely, sent on Enter or the button. */
function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const t = useChannelHomeT();
  const id = useId();
  const [q, setQ] = useState(initial);
  return (
    <form
      role="search"
      className={styles.search}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(q.trim());
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('contents.searchLabel')}
      </label>
      <input
        id={id}
        type="search"
        className={styles.searchInput}
        value={q}
        maxLength={CONTENT_SEARCH_MAX}
        placeholder={t('contents.searchPlaceholder')}
        onChange={(event) => setQ(event.target.value)}
      />
      <Button type="submit" size="small">
        {t('contents.searchSubmit')}
      </Button>
    </form>
  );
}

/** Title search, the sort, and the date range: each a part of the URL. */
export function ContentListTools({ latest, update }: Props) {
  const t = useChannelHomeT();
  return (
    <div className={styles.tools}>
      {/* Back and forward change the URL under the box: another search in the URL starts a fresh box. */}
      <SearchBox key={latest.q} initial={latest.q} onSearch={(q) => update({ q })} />
      <label className={styles.field}>
        <span className={styles.fieldLabel}>{t('contents.sortLabel')}</span>
        <select className={styles.select} value={latest.sort} onChange={(event) => {
            const sort = event.target.value;
            if (oneOf(CONTENT_SORT_VALUES, sort)) update({ sort });
          }}>
          {CONTENT_SORT_VALUES.map((sort) => (
            <option key={sort} value={sort}>
              {t(`contents.sort.${sort}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span className={styles.fieldLabel}>{t('contents.from')}</span>
        <input type="date" className={styles.select} value={latest.from} max={latest.to || undefined} onChange={(event) => update({ from: event.target.value })} />
      </label>
      <label className={styles.field}>
        <span className={styles.fieldLabel}>{t('contents.to')}</span>
        <input type="date" className={styles.select} value={latest.to} min={latest.from || undefined} onChange={(event) => update({ to: event.target.value })} />
      </label>
    </div>
  );
}
