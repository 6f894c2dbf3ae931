import { Link } from 'react-router';
import { ErrorScreen } from '../../../components/errors/error-screen';
import { buttonClassName } from '../../../components/ui/button';
import { useOperatorT } from '../messages';

/** The console for someone who is no operator: say so and offer the way back. */
export function OperatorNoPermission({ code = 'ACCESS_DENIED' }: { code?: string }) {
  const t = useOperatorT();
  return (
    <ErrorScreen
      code={code}
      title={t('noPermission.title')}
      description={t('noPermission.description')}
      action={
        <Link to="/" className={buttonClassName('primary')}>
          {t('noPermission.home')}
        </Link>
      }
    />
  );
}
