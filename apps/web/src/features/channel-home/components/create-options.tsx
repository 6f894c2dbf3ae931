import { Link } from 'react-router';
import { createOptionPath, createOptionsFor } from '@studio/contract/channel-rules';
import type { CreateOption } from '@studio/contract/enums';
import type { ChannelDetail } from '@studio/contract/member';
import { buttonClassName } from '../../../components/ui/button';
import { DocumentIcon, LiveIcon, LoopIcon, PostIcon } from '../../../components/ui/icons';
import { Section } from '../../../components/ui/page';
import { useT } from '../../../lib/i18n/i18n';
import { useChannelHomeT } from '../messages';
import styles from './create-options.module.css';

const optionIcons: Record<CreateOption, typeof DocumentIcon> = {
  CONTENTS: DocumentIcon,
  LOOP_UPLOAD: LoopIcon,
  POST: PostIcon,
  LIVE: LiveIcon,
};

/** The same rule as the shell's create menu (the contract's createOptionsFor), for this one channel. */
export function CreateOptions({ channel }: { channel: ChannelDetail }) {
  const t = useT();
  const th = useChannelHomeT();
  const options = createOptionsFor(channel);

  let body;
  if (channel.status.code !== 'SERVICE') {
    body = <p className={styles.note}>{th('create.notService', { status: t(`channelStatus.${channel.status.code}`) })}</p>;
  } else if (options.length === 0) {
    body = <p className={styles.note}>{th('create.none')}</p>;
  } else {
    body = (
      <ul className={styles.options}>
        {options.map((option) => {
          const Icon = optionIcons[option];
          return (
            <li key={option}>
              <Link to={createOptionPath(option, channel.id)} className={buttonClassName('secondary', 'medium', styles.option)}>
                <Icon size={18} />
                {t(`createOption.${option}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }
  return <Section title={th('create.title')}>{body}</Section>;
}
