import type { AuditEntry } from '@studio/contract/operator';
import { toPage, type Page } from '@studio/contract/page';
import type { Db } from '../../db/schema';
import { auditRepository, type AuditFilter } from './audit-repository';

const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** What a snapshot called its object (a channel's or application's name, a notice's title, a message). */
function snapshotName(snapshot: Record<string, unknown> | null): string | null {
  for (const field of ['name', 'channelName', 'title', 'message']) {
    const value = snapshot?.[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

/** The audit log of operator actions as the console reads it (the entries are written by recordOperatorAction). */
export function operatorAuditService(db: Db) {
  const audit = auditRepository(db);
  return {
    /** Newest first, filtered; an operator whose account is gone shows as null. */
    async page(filter: AuditFilter, page: number, size: number): Promise<Page<AuditEntry>> {
      const found = await audit.page(filter, page, size);
      const content = found.rows.map((row): AuditEntry => {
        const before = asRecord(row.before);
        const after = asRecord(row.after);
        return {
          id: row.id,
          operator: row.operator_id !== null && row.login !== null && row.name !== null ? { userId: row.operator_id, login: row.login, name: row.name } : null,
          action: row.action,
          objectType: row.object_type,
          objectId: row.object_id,
          // Its name now, else the one its last snapshot kept (a deleted notice, a broadcast's message).
          objectName: row.object_name ?? snapshotName(after) ?? snapshotName(before),
          before,
          after,
          at: row.at.toISOString(),
        };
      });
      return toPage(content, found.total, page, size);
    },
  };
}
