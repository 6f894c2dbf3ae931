import { Link } from 'react-router';
import type { CreateRefusal } from '@studio/contract/channel';
import type { CreateOption } from '@studio/contract/enums';
import { useT } from '../../lib/i18n/i18n';
import { buttonClassName } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { Page } from '../ui/page';
import { useCreateRefusedT } from './create-refused-messages';

/**
 * A create page whose option is off for this channel (issue 25, spec section 2): the reason, said
 * plainly (the channel's status, or the option paused, view only, stopped or off), and the way back
 * to the channel home, instead of a form the server would refuse.
 */
export function CreateRefused({ channelId, option, refusal }: { channelId: number; option: CreateOption; refusal: CreateRefusal }) {
  const t = useT();
  const tr = useCreateRefusedT();
  const name = t(`createOption.${option}`);
  const reason =
    refusal.reason === 'CHANNEL_STATUS' ? tr('refused.CHANNEL_STATUS', { status: t(`channelStatus.${refusal.status}`) }) : tr(`refused.${refusal.reason}`, { option: name });
  return (
    <Page title={name}>
      <div role="alert">
        <EmptyState
          title={tr('refused.title', { option: name })}
          description={reason}
          action={
            <Link to={`/channels/${channelId}`} className={buttonClassName('secondary')}>
              {tr('refused.toChannel')}
            </Link>
          }
        />
      </div>
    </Page>
  );
}
