import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MySession } from '@studio/contract/session';
import { Tag } from '../../../components/ui/badges';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { useFormat } from '../../../lib/format/use-format';
import { showToast } from '../../../lib/toast';
import { mySessionsQueryOptions } from '../api/get-my-sessions';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions';
import { useSignOutSession } from '../api/sign-out-session';
import { type UsersT, useUsersT } from '../messages';
import styles from './session-list.module.css';

/** "Chrome · Windows", one of them when the other is not known, or "unknown device". */
export function deviceName(session: Pick<MySession, 'browser' | 'os'>, t: UsersT): string {
  if (session.browser && session.os) return t('profile.session.device', { browser: session.browser, os: session.os });
  return session.browser ?? session.os ?? t('profile.session.unknownDevice');
}

/**
 * The person's signed-in devices, this one first. Another one signs out at once, on every instance
 * (its next call answers 401 and its browser goes to sign-in); all others at once after a confirmation.
 */
export function SessionList() {
  const t = useUsersT();
  const format = useFormat();
  const { data: sessions } = useSuspenseQuery(mySessionsQueryOptions());
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const others = sessions.filter((session) => !session.current).length;

  return (
    <div className={styles.sessions}>
      <ul className={styles.list}>
        {sessions.map((session) => {
          const device = deviceName(session, t);
          return (
            <li key={session.id} className={styles.row}>
              <div className={styles.main}>
                <p className={styles.device}>
                  <span className={styles.deviceName}>{device}</span>
                  {session.current ? <Tag tone="accent">{t('profile.session.current')}</Tag> : null}
                </p>
                <p className={styles.meta}>
                  {session.address ? <span>{t('profile.session.address', { address: session.address })}</span> : null}
                  <span>{t('profile.session.lastUsed', { time: format.relative(session.lastUsedAt) })}</span>
                  <span>{t('profile.session.signedIn', { date: format.dateTime(session.signedInAt) })}</span>
                </p>
              </div>
              {session.current ? null : (
                <Button
                  size="small"
                  aria-label={t('profile.session.signOutLabel', { device })}
                  disabled={signOut.isPending && signOut.variables === session.id}
                  onClick={() => signOut.mutate(session.id, { onSuccess: () => showToast(t('profile.session.signedOut')) })}
                >
                  {t('profile.session.signOut')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others === 0 ? (
        <p className={styles.none}>{t('profile.session.noOthers')}</p>
      ) : (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={<Button variant="danger">{t('profile.session.signOutOthers')}</Button>}
          title={t('profile.session.signOutOthersTitle')}
          confirmLabel={t('profile.session.signOutOthers')}
          cancelLabel={t('profile.session.cancel')}
          tone="danger"
          pending={signOutOthers.isPending}
          onConfirm={() =>
            signOutOthers.mutate(undefined, {
              onSuccess: ({ signedOut }) => showToast(t('profile.session.signedOutOthers', { count: signedOut })),
              onSettled: () => setConfirming(false),
            })
          }
        >
          <p>{t('profile.session.signOutOthersBody', { count: others })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
