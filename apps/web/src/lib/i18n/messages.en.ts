import type { ErrorCode } from '@studio/contract/errors';
import type { MessageKey } from './messages.ko';

/** English, the second locale. The type makes a missing or stray key a compile error. */
export const messagesEn: Record<MessageKey, string> = {
  'app.name': 'Channel Studio',

  'common.loading': 'Loading',
  'common.retry': 'Retry',
  'common.more': 'More',
  'common.new': 'New',
  'common.comingSoon': 'Coming soon',
  'common.comingSoonDescription': 'This screen will be available soon.',

  'error.unknown': 'An unknown error occurred. Please try again shortly.',
  'error.temporary': 'A temporary error occurred. Please try again shortly.',
  'error.screenTitle': 'An unknown error occurred.',
  'error.screenDescription': 'We apologise for the inconvenience. Please try again shortly.',
  'error.timeout': 'The request timed out after {ms} ms.',
  'error.codeLabel': 'Error code',
  'error.home': 'Back to studio home',

  'notFound.title': 'Page not found.',
  'notFound.description': 'The address has changed or the page was removed. Please check the address.',

  'layout.skipToContent': 'Skip to content',
  'layout.sidebar': 'Studio menu',
  'layout.mainMenu': 'Main menu',
  'layout.openMenu': 'Open menu',
  'layout.closeMenu': 'Close menu',
  'layout.scrollToTop': 'Back to top',

  'header.home': 'Channel Studio home',
  'header.apply': 'Apply for entry',
  'header.profile': 'Profile of {name}',

  'notice.button': 'Notices',
  'notice.title': 'Notices',
  'notice.empty': 'There are no notices.',
  'notice.important': 'Important',
  'notice.importantSection': 'Important notices',
  'notice.all': 'All notices',
  'notice.backToList': 'Back to list',

  'alarm.button': 'Notifications',
  'alarm.buttonUnread': 'Notifications, {count} unread',
  'alarm.title': 'Notifications',
  'alarm.empty': 'No new notifications.',
  'alarm.readAll': 'Mark all as read',
  'alarm.unreadCount': '{count} unread',
  'alarm.groupsLabel': 'Notification groups',
  'alarm.group.ALL': 'All',
  'alarm.group.ADMIN': 'Operator',
  'alarm.group.CHANNEL': 'Channels',

  'notification.operator': 'Studio operator',
  'notification.unread': 'Unread',

  'createMenu.title': 'Create',
  'createOption.CONTENTS': 'Contents',
  'createOption.LOOP_UPLOAD': 'Loop upload',
  'createOption.POST': 'Post',
  'createOption.LIVE': 'Live broadcast',

  'channelSelector.count': '{count} managed channels',
  'channelSelector.empty': 'No channel in operation',
  'channelSelector.fallback': 'Channel management',
  'channelSelector.reviewedApply': 'An application was reviewed in the last week',

  'nav.trend': 'Trend',
  'nav.profile': 'Profile',

  'footer.label': 'Policies and help',
  'footer.terms': 'Terms',
  'footer.privacy': 'Privacy policy',
  'footer.help': 'Help',
  'footer.guide': 'Channel guide',
  'footer.copyright': '© Channel Studio',
  'footer.language': 'Language',

  'pagination.label': 'Pages',
  'pagination.previous': 'Previous page',
  'pagination.next': 'Next page',
  'pagination.status': '{page} / {total}',

  'channelType.MEDIA_CHANNEL': 'Media channel',
  'channelType.CONTENTS_CHANNEL': 'Contents channel',
  'channelType.COMMUNITY_CHANNEL': 'Community channel',
  'channelType.HARMONY_NOTICE_CHANNEL': 'Harmony notice channel',
  'channelType.AUTO_CHANNEL': 'Auto channel',
  'channelStatus.SERVICE': 'In service',
  'channelStatus.WAIT': 'Waiting',
  'channelStatus.VIEWONLY': 'View only',
  'channelStatus.STOP': 'Stopped',
  'channelStatus.DELETED': 'Deleted',
  'memberRole.OWNER': 'Owner',
  'memberRole.MANAGER': 'Manager',
  'memberRole.CREDIT_MANAGER': 'Credit manager',

  'home.title': 'Studio home',
  'home.greeting': 'Hello, {name}',
  'home.description': 'See the channels you run at a glance and manage them right away.',
  'home.myChannels': 'My channels',
  'home.toManagement': 'Channel management',
  'home.shortcuts': 'Shortcuts',
  'home.shortcut.management': 'Channel list, application results, invites',
  'home.shortcut.apply': 'Apply for a new channel',
  'home.shortcut.alarm': 'See all your notifications',
  'home.shortcut.notices': 'Studio news and important notices',

  'myChannels.emptyTitle': 'No channel in operation',
  'myChannels.emptyDescription': 'Apply for entry to create a channel, or accept an invite to help manage one.',
  'myChannels.open': 'Channel home',

  'profile.account': 'Manage account',
  'profile.logout': 'Log out',
  'profile.name': 'Name',
  'profile.login': 'Login',
  'profile.kind': 'Kind',
  'profile.operator': 'Studio operator',
  'profile.studioUser': 'Studio user',

  'page.channelManagement': 'Channel management',
  'page.channelHome': 'Channel home',
  'page.loopUpload': 'Loop upload',
  'page.postCreate': 'Create post',
  'page.editor': 'Content editor',
  'page.liveCreate': 'Start live broadcast',
  'page.liveDetail': 'Live broadcast',
  'page.profile': 'Profile',
  'page.alarm': 'My notifications',
  'page.trend': 'Trend',
  'page.trendDescription': 'Follow how channels and contents are doing.',
  'page.notices': 'Notices',
  'page.terms': 'Terms',
  'page.privacy': 'Privacy policy',
  'page.help': 'Help',
  'page.guide': 'Channel guide',
  'page.apply': 'Apply for entry',
  'page.applyDescription': 'An application starts by choosing the type of content to bring.',

  // ── channel management and invitations (features/channel-management, features/invitations) ──

  // ── channel home and settings (features/channel-home, features/channel-settings) ──
};

/** English texts of the contract's error catalogue (its messages are Korean); a code without one shows the Korean text. */
export const errorCodeTextsEn: Partial<Record<ErrorCode, string>> = {
  AUTH_UNAUTHORIZED: 'You are currently logged out. Log in and retry.',
  AUTH_INVALID_CONTINUE: 'You cannot return to an address outside this studio.',
  AUTH_LOGIN_FAILED: 'Something went wrong while logging in. Please log in again.',
  CSRF_ORIGIN_MISMATCH: 'The request came from an origin that is not allowed.',
  ACCESS_DENIED: 'You do not have permission.',
  NOT_FOUND: 'The requested information could not be found.',
  ROUTE_NOT_FOUND: 'The requested address could not be found.',
  VALIDATION_FAILED: 'Please re-check the entered information.',
  RATE_LIMITED: 'Too many requests. Please try again shortly.',
  INVITE_UNAUTHORIZED: 'Please check the logged in messaging account again.',
  TRANSFER_UNAUTHORIZED: 'Please check the logged in messaging account again.',
  CHANNEL_NOT_SERVICE: 'The channel status changed so the invitation was cancelled.',
  INTERNAL_ERROR: 'A temporary error occurred. Please try again shortly.',
};
