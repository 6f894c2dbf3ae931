import { useCatalogueT } from '../../lib/i18n/i18n';

/** Texts of a create page that refuses (issue 25): loaded with the create pages, not with every page. */
const ko = {
  'refused.title': '지금은 {option} 메뉴를 사용할 수 없습니다',
  'refused.CHANNEL_STATUS': '이 채널은 지금 {status} 상태입니다. 채널이 서비스 중일 때만 새로 만들 수 있습니다.',
  'refused.PAUSED': '운영자가 이 채널의 {option} 기능을 일시 중지했습니다. 다시 열리면 이용할 수 있습니다.',
  'refused.VIEW_ONLY': '이 채널의 {option} 기능은 보기 전용입니다. 이미 올린 것은 볼 수 있지만 새로 만들 수는 없습니다.',
  'refused.STOPPED': '이 채널의 {option} 기능은 중지되었습니다. 새로 만들 수 없습니다.',
  'refused.OFF': '이 채널에서는 {option} 기능을 사용하지 않습니다.',
  'refused.toChannel': '채널 홈으로',
};

const en: Record<keyof typeof ko, string> = {
  'refused.title': '{option} is not available now',
  'refused.CHANNEL_STATUS': 'This channel is {status} now. Only a channel in service can create.',
  'refused.PAUSED': 'The operator has paused {option} on this channel. You can use it again once it reopens.',
  'refused.VIEW_ONLY': '{option} is view only on this channel. What was uploaded can be seen, but nothing new can be created.',
  'refused.STOPPED': '{option} has been stopped on this channel. Nothing new can be created.',
  'refused.OFF': '{option} is not used on this channel.',
  'refused.toChannel': 'Go to the channel home',
};

export const createRefusedMessages = { ko, en };

export function useCreateRefusedT() {
  return useCatalogueT(createRefusedMessages);
}
