import { useCatalogueT } from '../../lib/i18n/i18n';

/** Texts of the publishing choice and the reservation picker (editor, post page, loop page). */
const ko = {
  'publish.whenLabel': '발행',
  'publish.now': '지금 공개',
  'publish.reserve': '예약 공개',
  'publish.reserveHidden': '예약 후 비공개로 발행',
  'reserve.legend': '예약 시간 (한국 시간, UTC+9)',
  'reserve.date': '날짜',
  'reserve.hour': '시',
  'reserve.minute': '분',
  'reserve.hourOption': '{hour}시',
  'reserve.minuteOption': '{minute}분',
  'reserve.earliest': '가장 빠른 예약 시간: {time}',
  'reserve.tooEarly': '{time} 이후로 선택해 주세요.',
  'reserve.offStep': '예약 시간은 10분 단위로 선택해 주세요.',
  'reserve.summary': '{time} (한국 시간)에 발행됩니다.',
};

const en: Record<keyof typeof ko, string> = {
  'publish.whenLabel': 'Publishing',
  'publish.now': 'Publish now',
  'publish.reserve': 'Reserve publication',
  'publish.reserveHidden': 'Reserve, published as hidden',
  'reserve.legend': 'Reservation time (Korean time, UTC+9)',
  'reserve.date': 'Date',
  'reserve.hour': 'Hour',
  'reserve.minute': 'Minute',
  'reserve.hourOption': '{hour}h',
  'reserve.minuteOption': ':{minute}',
  'reserve.earliest': 'Earliest time you can reserve: {time}',
  'reserve.tooEarly': 'Choose {time} or later.',
  'reserve.offStep': 'Reservation times go in steps of 10 minutes.',
  'reserve.summary': 'Publishes at {time} (Korean time).',
};

export const reservationMessages = { ko, en };

export function useReservationT() {
  return useCatalogueT(reservationMessages);
}
