import { useSuspenseQuery } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n/i18n';
import { meQueryOptions } from '../api/get-me';

/** The dashboard's h1, naming the signed-in person. */
export function Greeting({ className }: { className?: string }) {
  const t = useT();
  const { data: me } = useSuspenseQuery(meQueryOptions());
  return <h1 className={className}>{t('home.greeting', { name: me.name })}</h1>;
}
