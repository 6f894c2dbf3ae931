import type { ApplicationEvent } from '@studio/contract/application';
import { useFormat } from '../../../lib/format/use-format';
import { useApplicationsT } from '../messages';
import styles from './queue.module.css';

/** What happened when, oldest first. */
export function ApplicationTimeline({ events }: { events: ApplicationEvent[] }) {
  const t = useApplicationsT();
  const format = useFormat();
  return (
    <ol className={styles.timeline}>
      {events.map((event, index) => (
        <li key={`${event.status}-${index}`}>
          <time className={styles.timelineTime} dateTime={event.at}>
            {format.dateTime(event.at)}
          </time>
          <span>{t(`timeline.${event.status}`)}</span>
          {event.reason ? <span>— {event.reason}</span> : null}
        </li>
      ))}
    </ol>
  );
}
