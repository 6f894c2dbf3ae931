import { Link } from 'react-router';
import { ApplyChannelType, CHANNEL_TYPE_OFFERS } from '@studio/contract/application';
import { Tag } from '../../../components/ui/badges';
import { buttonClassName } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { useApplicationsT } from '../messages';
import styles from './apply.module.css';

/** /apply/content-type-select: a media or a contents channel, with what each offers. */
export function ContentTypeSelect({ hasDraft }: { hasDraft: boolean }) {
  const t = useApplicationsT();
  return (
    <Page title={t('apply.select.title')} description={t('apply.select.description')}>
      {hasDraft ? (
        <p className={styles.notice} role="status">
          {t('apply.select.draftNotice')}
        </p>
      ) : null}
      <div className={styles.choices}>
        {ApplyChannelType.options.map((type) => (
          <section key={type} className={styles.choice} aria-labelledby={`apply-${type}`}>
            <h2 id={`apply-${type}`} className={styles.choiceTitle}>
              {t(`channelType.${type}`)}
            </h2>
            <p className={styles.choiceSummary}>{t(`apply.select.${type}.summary`)}</p>
            <div>
              <p className={styles.offersLabel}>{t('apply.select.offers')}</p>
              <ul className={styles.offers}>
                {CHANNEL_TYPE_OFFERS[type].map((option) => (
                  <li key={option}>
                    <Tag tone="accent">{t(`createOption.${option}`)}</Tag>
                  </li>
                ))}
              </ul>
            </div>
            <Link to={`/apply/form?type=${type}`} className={buttonClassName('primary', 'medium', styles.choiceAction)}>
              {t('apply.select.choose', { type: t(`channelType.${type}`) })}
            </Link>
          </section>
        ))}
      </div>
    </Page>
  );
}
