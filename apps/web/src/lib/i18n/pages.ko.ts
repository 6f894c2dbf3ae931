/**
 * Texts of the static pages (terms, privacy, help, guide): a catalogue of
 * its own so they load with those pages, not with every page.
 */
export const pageMessagesKo = {
  'terms.intro': 'Channel Studio를 이용하기 전에 아래 내용을 확인해 주세요.',
  'terms.purpose.title': '목적',
  'terms.purpose.body': '이 약관은 포털 채널의 소유자와 매니저가 Channel Studio에서 채널과 콘텐츠를 관리하는 데 필요한 조건을 정합니다.',
  'terms.account.title': '계정',
  'terms.account.body': '스튜디오에는 메신저 플랫폼 계정으로 로그인합니다. 계정 정보는 계정 서비스에서 관리되며, 로그인한 계정으로 받은 초대만 수락할 수 있습니다.',
  'terms.content.title': '콘텐츠',
  'terms.content.body': '채널에 게시한 콘텐츠, 루프, 포스트와 라이브 방송의 책임은 해당 채널에 있습니다. 운영 정책을 위반한 콘텐츠는 노출이 제한될 수 있습니다.',
  'terms.roles.title': '권한',
  'terms.roles.body': '소유자는 채널, 스튜디오 관리자와 수익 관리 권한을 모두 가집니다. 매니저는 콘텐츠를 함께 발행하고 관리하며 운영 지표를 볼 수 있습니다.',
  'privacy.intro': 'Channel Studio가 처리하는 개인정보와 그 이용 목적을 안내합니다.',
  'privacy.collected.title': '처리하는 정보',
  'privacy.collected.body': '계정 식별자, 이름, 프로필 이미지, 채널에서의 역할, 스튜디오 이용 기록(방문한 화면 경로)을 처리합니다.',
  'privacy.use.title': '이용 목적',
  'privacy.use.body': '로그인 상태 유지, 채널 권한 확인, 알림 전달과 서비스 개선을 위해서만 이용합니다.',
  'privacy.retention.title': '보관 기간',
  'privacy.retention.body': '로그아웃하면 세션은 즉시 만료됩니다. 그 밖의 정보는 관련 법령이 정한 기간 동안 보관한 뒤 파기합니다.',
  'help.intro': '자주 묻는 질문을 모았습니다.',
  'help.login.title': '로그아웃 상태라고 나와요',
  'help.login.body': '세션이 만료되면 로그인 화면으로 이동합니다. 다시 로그인하면 보던 화면으로 돌아옵니다.',
  'help.channel.title': '채널은 어떻게 만드나요?',
  'help.channel.body': "상단의 '입점 신청'에서 콘텐츠 유형을 고르고 신청하세요. 심사 결과는 채널 관리 화면과 알림으로 알려 드립니다.",
  'help.invite.title': '매니저 초대를 받았어요',
  'help.invite.body': '알림을 누르면 초대 내용이 열립니다. 소유자 초대는 30일, 소유권 이전은 7일 동안 응답하지 않으면 자동으로 거절됩니다.',
  'help.create.title': '만들기 메뉴가 보이지 않아요',
  'help.create.body': '만들기 메뉴는 서비스 중인 채널에만, 그 채널에서 사용할 수 있는 기능만 표시됩니다.',
  'guide.intro': '채널 유형과 상태, 그리고 채널에서 만들 수 있는 것을 안내합니다.',
  'guide.types.title': '채널 유형',
  'guide.types.body': '미디어 채널과 콘텐츠 채널은 채널 홈을 가집니다. 구독자 수 설정은 미디어 채널에만 있습니다.',
  'guide.status.title': '채널 상태',
  'guide.status.body': '서비스 중, 대기, 보기 전용, 중지, 삭제됨 가운데 하나입니다. 서비스 중인 채널에서만 새 콘텐츠를 만들 수 있습니다.',
  'guide.create.title': '만들 수 있는 것',
  'guide.create.body': '콘텐츠, 루프 업로드, 포스트, 라이브 방송. 각 항목은 채널에서 해당 기능이 켜져 있을 때만 나타납니다.',
  'guide.roles.title': '역할',
  'guide.roles.body': '소유자, 매니저, 수익 관리자가 있습니다. 소유자는 매니저와 수익 관리자를 초대하고 소유권을 이전할 수 있습니다.',
} as const;

export type PageMessageKey = keyof typeof pageMessagesKo;
