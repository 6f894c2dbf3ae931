import type { ContentStatus } from '@studio/contract/enums';
import type { TagTone } from '../../../components/ui/badges';

/** Every content status has a tone; the Record type makes a new status a compile error until it gets one. */
export const contentStatusTone: Record<ContentStatus, TagTone> = {
  PUBLIC: 'success',
  HIDDEN: 'neutral',
  DRAFT: 'neutral',
  IN_PROCESSING: 'accent',
  PUBLIC_RESERVATION: 'accent',
  HIDDEN_RESERVATION: 'accent',
  STOP: 'warning',
  REPORT_BLIND: 'danger',
  REPORT_DELETE: 'danger',
  ADULT_IMAGE_BLIND: 'danger',
  PUBLIC_RESERVATION_ERROR: 'danger',
  HIDDEN_RESERVATION_ERROR: 'danger',
  PUBLIC_ERROR: 'danger',
  HIDDEN_ERROR: 'danger',
  DELETE: 'danger',
};
