import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { Page, Section } from '../../components/ui/page';
import type { MessageKey } from '../../lib/i18n/messages.ko';
import { pageMessagesEn } from '../../lib/i18n/pages.en';
import { type PageMessageKey, pageMessagesKo } from '../../lib/i18n/pages.ko';
import { useCatalogueT, useT } from '../../lib/i18n/i18n';
import styles from './static-pages.module.css';

const pageMessages = { ko: pageMessagesKo, en: pageMessagesEn };

type Part = readonly [title: PageMessageKey, body: PageMessageKey];

type StaticDocumentProps = { title: MessageKey; intro: PageMessageKey; parts: readonly Part[]; footer?: ReactNode };

function StaticDocument({ title, intro, parts, footer }: StaticDocumentProps) {
  const t = useT();
  const tp = useCatalogueT(pageMessages);
  return (
    <Page title={t(title)} description={tp(intro)}>
      <Section>
        <div className={styles.document}>
          {parts.map(([partTitle, partBody]) => (
            <section key={partTitle} className={styles.part}>
              <h2 className={styles.partTitle}>{tp(partTitle)}</h2>
              <p className={styles.partBody}>{tp(partBody)}</p>
            </section>
          ))}
          {footer}
        </div>
      </Section>
    </Page>
  );
}

export function TermsRoute() {
  return (
    <StaticDocument
      title="page.terms"
      intro="terms.intro"
      parts={[
        ['terms.purpose.title', 'terms.purpose.body'],
        ['terms.account.title', 'terms.account.body'],
        ['terms.content.title', 'terms.content.body'],
        ['terms.roles.title', 'terms.roles.body'],
      ]}
    />
  );
}

export function PrivacyRoute() {
  return (
    <StaticDocument
      title="page.privacy"
      intro="privacy.intro"
      parts={[
        ['privacy.collected.title', 'privacy.collected.body'],
        ['privacy.use.title', 'privacy.use.body'],
        ['privacy.retention.title', 'privacy.retention.body'],
      ]}
    />
  );
}

export function HelpRoute() {
  const t = useT();
  return (
    <StaticDocument
      title="page.help"
      intro="help.intro"
      parts={[
        ['help.login.title', 'help.login.body'],
        ['help.channel.title', 'help.channel.body'],
        ['help.invite.title', 'help.invite.body'],
        ['help.create.title', 'help.create.body'],
      ]}
      footer={
        <div className={styles.links}>
          <Link to="/guide" className={buttonClassName('secondary', 'small')}>
            {t('page.guide')}
          </Link>
          <Link to="/notices" className={buttonClassName('secondary', 'small')}>
            {t('page.notices')}
          </Link>
        </div>
      }
    />
  );
}

export function GuideRoute() {
  return (
    <StaticDocument
      title="page.guide"
      intro="guide.intro"
      parts={[
        ['guide.types.title', 'guide.types.body'],
        ['guide.status.title', 'guide.status.body'],
        ['guide.create.title', 'guide.create.body'],
        ['guide.roles.title', 'guide.roles.body'],
      ]}
    />
  );
}
