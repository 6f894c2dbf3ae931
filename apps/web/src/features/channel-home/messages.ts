import { useCatalogueT } from '../../lib/i18n/i18n';

/**
 * Texts of the channel home: a catalogue of its own so they load with this
 * page, not with the shell (the first load has a hard size budget).
 */
const ko = {
  'noPermission.title': '이 채널에 대한 권한이 없습니다.',
  'noPermission.description': '채널 소유자나 매니저로 참여한 채널만 볼 수 있습니다. 채널 관리에서 내 채널을 확인해 주세요.',
  'noPermission.ownerOnly': '멤버 및 설정은 채널 소유자만 볼 수 있습니다. 채널 관리에서 내 역할을 확인해 주세요.',
  'noPermission.toManagement': '채널 관리로',

  'home.typeAndStatus': '{type} · {status}',
  'home.settings': '멤버 및 설정',
  'home.overview': '채널 정보',
  'home.labels': '라벨',
  'home.noLabels': '라벨 없음',
  'home.status': '채널 상태',
  'home.myRole': '내 역할',
  'home.subscribers': '구독자',
  'home.subscriberCount': '{count}명',
  'home.features': '기능',
  'home.feature.loop': '루프',
  'home.feature.live': '라이브',
  'home.feature.mainNews': '주요 뉴스',
  'home.feature.contentsWriting': '콘텐츠 작성',
  'home.feature.postWriting': '포스트 작성',
  'home.feature.on': '사용',
  'home.feature.off': '사용 안 함',

  'serviceStatus.SERVICE': '서비스 중',
  'serviceStatus.PAUSE': '일시 중지',
  'serviceStatus.VIEWONLY': '보기 전용',
  'serviceStatus.TERMINATE': '종료',

  'create.title': '만들기',
  'create.notService': '채널이 서비스 중일 때만 만들 수 있습니다. 지금 이 채널은 {status} 상태입니다.',
  'create.none': '이 채널에서 사용할 수 있는 만들기 메뉴가 없습니다.',

  'subscriber.title': '구독자 수 공개',
  'subscriber.switchLabel': '채널에 구독자 수 공개',
  'subscriber.on': '채널에 구독자 수를 공개하고 있습니다.',
  'subscriber.off': '채널에 구독자 수를 공개하지 않습니다.',
  'subscriber.ownerOnly': '구독자 수 공개 여부는 채널 소유자만 바꿀 수 있습니다.',
  'subscriber.saved': '구독자 수 공개 설정을 저장했습니다.',
  'subscriber.visible': '공개',
  'subscriber.hidden': '비공개',

  'leave.button': '채널 나가기',
  'leave.title': '채널에서 나갈까요?',
  'leave.description': '{channel} 채널의 {role} 권한이 사라집니다. 다시 참여하려면 소유자의 초대를 받아야 합니다.',
  'leave.cancel': '취소',
  'leave.confirm': '나가기',
  'leave.done': '{channel} 채널에서 나왔습니다.',

  'contents.title': '콘텐츠',
  'contents.total': '{count}개',
  'contents.statusFilter': '상태',
  'contents.kindFilter': '종류',
  'contents.filterSelected': '{label} {count}',
  'contents.resetFilters': '필터 초기화',
  'contents.untitled': '제목 없음',
  'contents.views': '조회수 {count}',
  'contents.viewsLabel': '조회수',
  'contents.empty': '아직 콘텐츠가 없습니다.',
  'contents.emptyDescription': '위의 만들기 메뉴에서 첫 콘텐츠를 만들어 보세요.',
  'contents.filteredEmpty': '조건에 맞는 콘텐츠가 없습니다.',
  'contents.filteredEmptyDescription': '선택한 상태와 종류를 바꾸거나 필터를 초기화해 보세요.',

  'contentKind.CONTENT_VIEW': '콘텐츠',
  'contentKind.SHORTS': '루프',
  'contentKind.NEWS': '뉴스',
  'contentKind.POST': '포스트',
  'contentKind.LIVE': '라이브',

  'contentStatus.PUBLIC': '공개',
  'contentStatus.HIDDEN': '비공개',
  'contentStatus.REPORT_BLIND': '신고로 가려짐',
  'contentStatus.REPORT_DELETE': '신고로 삭제됨',
  'contentStatus.ADULT_IMAGE_BLIND': '성인 이미지로 가려짐',
  'contentStatus.PUBLIC_RESERVATION': '공개 예약',
  'contentStatus.PUBLIC_RESERVATION_ERROR': '공개 예약 오류',
  'contentStatus.HIDDEN_RESERVATION': '비공개 예약',
  'contentStatus.HIDDEN_RESERVATION_ERROR': '비공개 예약 오류',
  'contentStatus.PUBLIC_ERROR': '공개 오류',
  'contentStatus.HIDDEN_ERROR': '비공개 오류',
  'contentStatus.IN_PROCESSING': '처리 중',
  'contentStatus.STOP': '중지',
  'contentStatus.DELETE': '삭제됨',
  'contentStatus.DRAFT': '임시저장',
} as const;

export type ChannelHomeMessageKey = keyof typeof ko;

const en: Record<ChannelHomeMessageKey, string> = {
  'noPermission.title': 'You have no permission for this channel.',
  'noPermission.description': 'Only channels you own or manage can be opened. Check your channels in channel management.',
  'noPermission.ownerOnly': 'Only the channel owner can open members and settings. Check your role in channel management.',
  'noPermission.toManagement': 'To channel management',

  'home.typeAndStatus': '{type} · {status}',
  'home.settings': 'Members and settings',
  'home.overview': 'Channel information',
  'home.labels': 'Labels',
  'home.noLabels': 'No labels',
  'home.status': 'Channel status',
  'home.myRole': 'My role',
  'home.subscribers': 'Subscribers',
  'home.subscriberCount': '{count}',
  'home.features': 'Features',
  'home.feature.loop': 'Loops',
  'home.feature.live': 'Live',
  'home.feature.mainNews': 'Main news',
  'home.feature.contentsWriting': 'Contents writing',
  'home.feature.postWriting': 'Post writing',
  'home.feature.on': 'On',
  'home.feature.off': 'Off',

  'serviceStatus.SERVICE': 'In service',
  'serviceStatus.PAUSE': 'Paused',
  'serviceStatus.VIEWONLY': 'View only',
  'serviceStatus.TERMINATE': 'Terminated',

  'create.title': 'Create',
  'create.notService': 'Only a channel in service can create. This channel is currently {status}.',
  'create.none': 'No create option is available for this channel.',

  'subscriber.title': 'Show subscriber count',
  'subscriber.switchLabel': 'Show the subscriber count on the channel',
  'subscriber.on': 'The channel shows its subscriber count.',
  'subscriber.off': 'The channel does not show its subscriber count.',
  'subscriber.ownerOnly': 'Only the channel owner can change whether the subscriber count is shown.',
  'subscriber.saved': 'The subscriber count setting was saved.',
  'subscriber.visible': 'Shown',
  'subscriber.hidden': 'Hidden',

  'leave.button': 'Leave channel',
  'leave.title': 'Leave this channel?',
  'leave.description': 'You lose your {role} role on {channel}. To come back, the owner has to invite you again.',
  'leave.cancel': 'Cancel',
  'leave.confirm': 'Leave',
  'leave.done': 'You left {channel}.',

  'contents.title': 'Contents',
  'contents.total': '{count}',
  'contents.statusFilter': 'Status',
  'contents.kindFilter': 'Kind',
  'contents.filterSelected': '{label} {count}',
  'contents.resetFilters': 'Reset filters',
  'contents.untitled': 'Untitled',
  'contents.views': '{count} views',
  'contents.viewsLabel': 'Views',
  'contents.empty': 'No contents yet.',
  'contents.emptyDescription': 'Create the first one from the create options above.',
  'contents.filteredEmpty': 'No contents match these filters.',
  'contents.filteredEmptyDescription': 'Change the selected statuses and kinds, or reset the filters.',

  'contentKind.CONTENT_VIEW': 'Contents',
  'contentKind.SHORTS': 'Loop',
  'contentKind.NEWS': 'News',
  'contentKind.POST': 'Post',
  'contentKind.LIVE': 'Live',

  'contentStatus.PUBLIC': 'Public',
  'contentStatus.HIDDEN': 'Hidden',
  'contentStatus.REPORT_BLIND': 'Hidden after reports',
  'contentStatus.REPORT_DELETE': 'Deleted after reports',
  'contentStatus.ADULT_IMAGE_BLIND': 'Hidden: adult image',
  'contentStatus.PUBLIC_RESERVATION': 'Scheduled to publish',
  'contentStatus.PUBLIC_RESERVATION_ERROR': 'Scheduled publish failed',
  'contentStatus.HIDDEN_RESERVATION': 'Scheduled to hide',
  'contentStatus.HIDDEN_RESERVATION_ERROR': 'Scheduled hide failed',
  'contentStatus.PUBLIC_ERROR': 'Publish failed',
  'contentStatus.HIDDEN_ERROR': 'Hide failed',
  'contentStatus.IN_PROCESSING': 'Processing',
  'contentStatus.STOP': 'Stopped',
  'contentStatus.DELETE': 'Deleted',
  'contentStatus.DRAFT': 'Draft',
};

export const channelHomeMessages = { ko, en };

export type ChannelHomeT = (key: ChannelHomeMessageKey, params?: Record<string, string | number>) => string;

export function useChannelHomeT(): ChannelHomeT {
  return useCatalogueT(channelHomeMessages);
}
