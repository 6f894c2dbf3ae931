import type { ContentKind, ContentStatus } from '@studio/contract/enums';

export type ContentRowAction = 'EDIT' | 'PREVIEW' | 'HIDE' | 'UNHIDE' | 'CANCEL_RESERVATION' | 'DELETE';

const reservations: ContentStatus[] = ['PUBLIC_RESERVATION', 'HIDDEN_RESERVATION', 'PUBLIC_RESERVATION_ERROR', 'HIDDEN_RESERVATION_ERROR'];
const editable: ContentStatus[] = ['DRAFT', 'PUBLIC', 'HIDDEN', ...reservations];
const hideable: ContentStatus[] = ['PUBLIC', ...reservations];
const deletable: ContentStatus[] = [...editable, 'PUBLIC_ERROR', 'HIDDEN_ERROR', 'REPORT_BLIND', 'ADULT_IMAGE_BLIND'];

/**
 * The actions a row offers, from the server's transition table (the server
 * still decides: an action it refuses answers CONTENT_STATUS_CONFLICT and the
 * list is read again). Statuses others set (reports, processing, STOP) offer
 * no change beyond what the table allows.
 */
export function contentRowActions(content: { kind: ContentKind; status: ContentStatus }): ContentRowAction[] {
  const { kind, status } = content;
  if (status === 'DELETE' || status === 'REPORT_DELETE') return [];
  const actions: ContentRowAction[] = [];
  if (kind === 'CONTENT_VIEW' && editable.includes(status)) actions.push('EDIT');
  if (kind === 'CONTENT_VIEW' || kind === 'POST') actions.push('PREVIEW');
  if (hideable.includes(status)) actions.push('HIDE');
  if (status === 'HIDDEN') actions.push('UNHIDE');
  if (reservations.includes(status)) actions.push('CANCEL_RESERVATION');
  if (deletable.includes(status)) actions.push('DELETE');
  return actions;
}
