import { genericErrorTexts } from '@studio/contract/error-body';

/**
 * The Korean catalogue: the default locale and the source of every key.
 * Texts the spec gives in Korean are used word for word.
 */
export const messagesKo = {
  'app.name': 'Channel Studio',

  'common.loading': '불러오는 중입니다',
  'common.retry': '다시 시도',
  'common.reload': '새로고침',
  'common.more': '더보기',
  'common.new': '새 글',
  'common.comingSoon': '준비 중입니다',
  'common.comingSoonDescription': '이 화면은 곧 제공될 예정입니다.',

  'error.unknown': genericErrorTexts.unknown,
  'error.temporary': genericErrorTexts.temporary,
  'error.screenTitle': genericErrorTexts.screenTitle,
  'error.screenDescription': genericErrorTexts.screenDescription,
  'error.timeout': '{ms} ms 타임아웃이 발생했습니다.',
  'error.loggedOut': '현재 로그아웃 상태입니다. 로그인 후 다시 시도해 주세요.',
  'error.codeLabel': '오류 코드',
  'error.home': '스튜디오 홈으로',

  'notFound.title': '페이지를 찾을 수 없습니다.',
  'notFound.description': '주소가 바뀌었거나 삭제된 페이지입니다. 입력한 주소를 다시 확인해 주세요.',

  // Spec: the form validation messages, next to the field.
  'form.required': '필수 입력 정보입니다.',
  'form.invalid': '입력한 정보를 다시 확인해 주세요.',

  'layout.skipToContent': '본문으로 건너뛰기',
  'layout.sidebar': '스튜디오 메뉴',
  'layout.mainMenu': '주 메뉴',
  'layout.openMenu': '메뉴 열기',
  'layout.closeMenu': '메뉴 닫기',
  'layout.scrollToTop': '맨 위로',

  'header.home': 'Channel Studio 홈',
  'header.apply': '입점 신청',
  'header.applyShort': '신청',
  'header.profile': '{name} 프로필',

  'notice.button': '공지사항',
  'notice.title': '공지사항',
  'notice.empty': '등록된 공지사항이 없습니다.',
  'notice.important': '중요',
  'notice.importantSection': '중요 공지',
  'notice.all': '전체 공지',
  'notice.backToList': '목록으로',

  'alarm.button': '알림',
  'alarm.buttonUnread': '알림, 읽지 않은 알림 {count}개',
  'alarm.title': '알림',
  'alarm.empty': '새로운 알림이 없습니다.',
  'alarm.readAll': '모두 읽음',
  'alarm.unreadCount': '읽지 않은 알림 {count}개',
  'alarm.groupsLabel': '알림 종류',
  'alarm.group.ALL': '전체',
  'alarm.group.ADMIN': '운영자',
  'alarm.group.CHANNEL': '채널',

  'notification.operator': '스튜디오 운영자',
  'notification.unread': '읽지 않음',

  'createMenu.title': '만들기',
  'createOption.CONTENTS': '콘텐츠',
  'createOption.LOOP_UPLOAD': '루프 업로드',
  'createOption.POST': '포스트',
  'createOption.LIVE': '라이브 방송',

  'channelSelector.count': '관리 채널 {count}개',
  'channelSelector.empty': '운영 중인 채널이 없습니다',
  'channelSelector.fallback': '채널 관리',
  'channelSelector.reviewedApply': '최근 1주일 내 심사가 끝난 입점 신청이 있습니다',

  'nav.trend': '트렌드',
  'nav.profile': '프로필',
  'nav.operator': '운영 콘솔',

  'footer.label': '약관 및 안내',
  'footer.terms': '이용약관',
  'footer.privacy': '개인정보 처리방침',
  'footer.help': '고객센터',
  'footer.guide': '채널 가이드',
  'footer.copyright': '© Channel Studio',
  'footer.language': '언어',

  'pagination.label': '페이지 이동',
  'pagination.previous': '이전 페이지',
  'pagination.next': '다음 페이지',
  'pagination.status': '{page} / {total}',
  'pagination.statusMore': '{page} / {total}+',
  'pagination.moreFollow': '뒤에 페이지가 더 있습니다',

  'channelType.MEDIA_CHANNEL': '미디어 채널',
  'channelType.CONTENTS_CHANNEL': '콘텐츠 채널',
  'channelType.COMMUNITY_CHANNEL': '커뮤니티 채널',
  'channelType.HARMONY_NOTICE_CHANNEL': '하모니 공지 채널',
  'channelType.AUTO_CHANNEL': '자동 채널',
  'channelStatus.SERVICE': '서비스 중',
  'channelStatus.WAIT': '대기',
  'channelStatus.VIEWONLY': '보기 전용',
  'channelStatus.STOP': '중지',
  'channelStatus.DELETED': '삭제됨',
  'memberRole.OWNER': '소유자',
  'memberRole.MANAGER': '매니저',
  'memberRole.CREDIT_MANAGER': '수익 관리자',

  'home.title': '스튜디오 홈',
  'home.greeting': '{name}님, 안녕하세요',
  'home.description': '운영 중인 채널을 한눈에 보고 바로 관리하세요.',
  'home.myChannels': '내 채널',
  'home.toManagement': '채널 관리',
  'home.shortcuts': '바로가기',
  'home.shortcut.management': '채널 목록, 입점 신청 결과, 초대',
  'home.shortcut.apply': '새 채널로 입점을 신청합니다',
  'home.shortcut.alarm': '내게 온 알림을 모두 봅니다',
  'home.shortcut.notices': '스튜디오 소식과 중요 공지',

  'myChannels.emptyTitle': '운영 중인 채널이 없습니다',
  'myChannels.emptyDescription': '입점을 신청해 채널을 만들거나, 초대를 받아 채널 관리에 참여하세요.',
  'myChannels.open': '채널 홈',

  'profile.account': '계정 관리',
  'profile.logout': '로그아웃',
  'profile.name': '이름',
  'profile.login': '아이디',
  'profile.kind': '구분',
  'profile.operator': '스튜디오 운영자',
  'profile.studioUser': '스튜디오 사용자',

  'page.channelManagement': '채널 관리',
  'page.channelHome': '채널 홈',
  'page.profile': '프로필',
  'page.alarm': '내 알림',
  'page.trend': '트렌드',
  'page.trendDescription': '채널과 콘텐츠의 흐름을 살펴봅니다.',
  'page.notices': '공지사항',
  'page.terms': '이용약관',
  'page.privacy': '개인정보 처리방침',
  'page.help': '고객센터',
  'page.guide': '채널 가이드',
} as const;

export type MessageKey = keyof typeof messagesKo;
