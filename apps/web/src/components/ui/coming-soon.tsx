import { useT } from '../../lib/i18n/i18n';
import { ClockIcon } from './icons';
import { EmptyState } from './empty-state';
import { Page, Section } from './page';

/** An honest placeholder for a screen that is not built yet. */
export function ComingSoon({ title, description }: { title: string; description?: string }) {
  const t = useT();
  return (
    <Page title={title} description={description}>
      <Section>
        <EmptyState icon={<ClockIcon />} title={t('common.comingSoon')} description={t('common.comingSoonDescription')} />
      </Section>
    </Page>
  );
}
