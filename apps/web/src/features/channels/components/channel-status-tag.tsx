import type { ChannelStatus } from '@studio/contract/enums';
import { Tag, type TagTone } from '../../../components/ui/badges';
import { useT } from '../../../lib/i18n/i18n';

const statusTone: Record<ChannelStatus, TagTone> = {
  SERVICE: 'success',
  WAIT: 'warning',
  VIEWONLY: 'neutral',
  STOP: 'danger',
  DELETED: 'danger',
};

/** A channel's status as a coloured tag, the same in every list. */
export function ChannelStatusTag({ status }: { status: ChannelStatus }) {
  const t = useT();
  return <Tag tone={statusTone[status]}>{t(`channelStatus.${status}`)}</Tag>;
}
