import { type FeatureT, useCatalogueT } from '../../lib/i18n/i18n';

/** Texts of the profile page (/profile/my), loaded with it. */
const ko = {
  'profile.channels': '내 채널',
  'profile.languageHint': '계정에 저장되어 로그인하는 모든 브라우저에 적용됩니다. 화면 아래에서도 바꿀 수 있습니다.',
  'profile.sessions': '로그인한 기기',
  'profile.sessionsHint': '스튜디오에 로그인되어 있는 기기입니다. 모르는 기기가 있으면 로그아웃하세요.',
  'profile.session.current': '이 기기',
  'profile.session.unknownDevice': '알 수 없는 기기',
  'profile.session.device': '{browser} · {os}',
  'profile.session.address': 'IP {address}',
  'profile.session.lastUsed': '마지막 사용 {time}',
  'profile.session.signedIn': '로그인 {date}',
  'profile.session.signOut': '로그아웃',
  'profile.session.signOutLabel': '{device} 로그아웃',
  'profile.session.signedOut': '선택한 기기에서 로그아웃했습니다.',
  'profile.session.signOutOthers': '다른 기기 모두 로그아웃',
  'profile.session.signOutOthersTitle': '다른 기기에서 모두 로그아웃할까요?',
  'profile.session.signOutOthersBody': '이 기기를 뺀 {count}개 기기에서 바로 로그아웃됩니다.',
  'profile.session.signedOutOthers': '{count}개 기기에서 로그아웃했습니다.',
  'profile.session.cancel': '취소',
  'profile.session.noOthers': '다른 기기에는 로그인되어 있지 않습니다.',
} as const;

export type UsersMessageKey = keyof typeof ko;

const en: Record<UsersMessageKey, string> = {
  'profile.channels': 'My channels',
  'profile.languageHint': 'Kept with your account: it applies on every browser you sign in on. You can also change it at the bottom of every page.',
  'profile.sessions': 'Signed-in devices',
  'profile.sessionsHint': 'Devices signed in to the studio. Sign out any you do not recognise.',
  'profile.session.current': 'This device',
  'profile.session.unknownDevice': 'Unknown device',
  'profile.session.device': '{browser} on {os}',
  'profile.session.address': 'IP {address}',
  'profile.session.lastUsed': 'Last used {time}',
  'profile.session.signedIn': 'Signed in on {date}',
  'profile.session.signOut': 'Sign out',
  'profile.session.signOutLabel': 'Sign out {device}',
  'profile.session.signedOut': 'Signed out of that device.',
  'profile.session.signOutOthers': 'Sign out all other devices',
  'profile.session.signOutOthersTitle': 'Sign out of every other device?',
  'profile.session.signOutOthersBody': '{count, plural, one {# device} other {# devices}} other than this one will be signed out at once.',
  'profile.session.signedOutOthers': 'Signed out of {count, plural, one {# device} other {# devices}}.',
  'profile.session.cancel': 'Cancel',
  'profile.session.noOthers': 'No other device is signed in.',
};

export const usersMessages = { ko, en };

export type UsersT = FeatureT<UsersMessageKey>;

export function useUsersT(): UsersT {
  return useCatalogueT(usersMessages);
}
