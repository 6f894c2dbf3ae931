import { CHANNEL_STATUS_VALUES, CHANNEL_TYPE_VALUES, MEMBER_ROLE_VALUES } from '@studio/contract/enum-values';
import type { ManagementFilters } from '@studio/contract/management';
import { type ChannelManagementKey, useChannelManagementT } from '../messages';
import { type FilterKind, toggleFilter } from '../hooks/use-management-search';
import styles from './channel-management.module.css';

const groups: { kind: FilterKind; legend: ChannelManagementKey; values: readonly string[]; prefix: 'channelType' | 'channelStatus' | 'memberRole' }[] = [
  { kind: 'channelTypes', legend: 'management.filter.type', values: CHANNEL_TYPE_VALUES, prefix: 'channelType' },
  // Deleted channels never appear in the list, so there is nothing to filter for.
  { kind: 'statuses', legend: 'management.filter.status', values: CHANNEL_STATUS_VALUES.filter((status) => status !== 'DELETED'), prefix: 'channelStatus' },
  { kind: 'roles', legend: 'management.filter.role', values: MEMBER_ROLE_VALUES, prefix: 'memberRole' },
];

type ChannelFiltersProps = { filters: ManagementFilters; onChange: (filters: ManagementFilters) => void };

/** Multi-select chips: within a group any chosen value matches, across groups all must. */
export function ChannelFilters({ filters, onChange }: ChannelFiltersProps) {
  const t = useChannelManagementT();
  return (
    <div className={styles.filters} role="group" aria-label={t('management.filter.label')}>
      {groups.map((group) => (
        <fieldset key={group.kind} className={styles.filterGroup}>
          <legend className={styles.filterLegend}>{t(group.legend)}</legend>
          <div className={styles.chips}>
            {group.values.map((value) => {
              const pressed = (filters[group.kind] as string[]).includes(value);
              return (
                <button
                  key={value}
                  type="button"
                  className={styles.chip}
                  aria-pressed={pressed}
                  onClick={() => onChange(toggleFilter(filters, group.kind, value))}
                >
                  {t(`${group.prefix}.${value}` as ChannelManagementKey)}
                </button>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
