import { useCatalogueT } from '../../lib/i18n/i18n';

/** Texts of the loop upload page, loaded with it. */
const ko = {
  'upload.title': '루프 업로드',
  'upload.description': '세로 영상(9:16)을 올리면 휴대폰에 맞는 화질로 변환합니다. 최대 {maxMb}MB, {maxSeconds}초까지 올릴 수 있습니다.',
  'upload.drop': '동영상 파일을 여기로 끌어오거나',
  'upload.pick': '파일 선택',
  'upload.dropActive': '놓으면 업로드를 시작합니다',
  'upload.checking': '파일을 확인하는 중…',
  'upload.uploading': '업로드 중',
  'upload.progress': '{sent} / {total} ({percent}%)',
  'upload.speed': '{speed}/초',
  'upload.timeLeft': '남은 시간 약 {time}',
  'upload.timeUnknown': '남은 시간 계산 중',
  'upload.offline': '연결이 끊겼습니다. 다시 연결되면 이어서 올립니다.',
  'upload.retrying': '연결을 다시 시도하는 중…',
  'upload.cancel': '업로드 취소',
  'upload.cancelled': '업로드를 취소했습니다.',
  'upload.failed': '업로드하지 못했습니다: {reason}',
  'upload.resumable': '끝나지 않은 업로드',
  'upload.resumableHint': '같은 파일을 다시 선택하면 멈춘 곳부터 이어서 올립니다.',
  'upload.resumableRow': '{received} / {total} 받음 · {time}',
  'upload.discard': '버리기',

  'check.notVideo': '동영상 파일만 올릴 수 있습니다.',
  'check.tooLarge': '파일이 너무 큽니다. {max}MB까지 올릴 수 있습니다.',
  'check.tooLong': '영상이 너무 깁니다. {max}초까지 올릴 수 있습니다.',

  'processing.title': '영상 처리',
  'processing.RESERVED': '처리를 기다리는 중',
  'processing.START': '처리를 시작했습니다',
  'processing.PROCESSING': '변환 중 {progress}%',
  'processing.COMPLETE': '처리 완료',
  'processing.STOP': '처리를 멈췄습니다',
  'processing.DELETE': '삭제됨',
  'processing.ERROR': '처리하지 못했습니다',
  'processing.meanwhile': '처리되는 동안 아래에 제목과 설명을 써 두세요.',
  'processing.stop': '처리 중지',
  'processing.retry': '다시 처리',
  'processing.delete': '삭제',
  'processing.keep': '취소',
  'processing.deleteConfirm': '이 루프를 삭제하시겠습니까? 올린 영상과 썸네일이 모두 지워집니다.',
  'processing.deleted': '루프를 삭제했습니다.',
  'processing.preview': '미리 보기',
  'processing.meta': '{width}×{height} · {duration}초',

  'details.title': '제목',
  'details.description': '설명',
  'details.thumbnail': '썸네일',
  'details.thumbnailOption': '{n}번째 썸네일',
  'details.thumbnailChosen': '썸네일을 골랐습니다.',

  'list.title': '올린 루프',
  'list.open': '열기',
  'list.empty': '아직 올린 루프가 없습니다.',
};

const en: Record<keyof typeof ko, string> = {
  'upload.title': 'Loop upload',
  'upload.description': 'Upload a vertical (9:16) video and it is converted to a quality suited to phones. Up to {maxMb} MB and {maxSeconds} seconds.',
  'upload.drop': 'Drag a video file here, or',
  'upload.pick': 'Choose a file',
  'upload.dropActive': 'Drop to start uploading',
  'upload.checking': 'Checking the file…',
  'upload.uploading': 'Uploading',
  'upload.progress': '{sent} / {total} ({percent}%)',
  'upload.speed': '{speed}/s',
  'upload.timeLeft': 'About {time} left',
  'upload.timeUnknown': 'Working out the time left',
  'upload.offline': 'The connection dropped. The upload continues when it is back.',
  'upload.retrying': 'Trying to reconnect…',
  'upload.cancel': 'Cancel upload',
  'upload.cancelled': 'Upload cancelled.',
  'upload.failed': 'The upload failed: {reason}',
  'upload.resumable': 'Unfinished uploads',
  'upload.resumableHint': 'Choose the same file again to continue from where it stopped.',
  'upload.resumableRow': '{received} of {total} received · {time}',
  'upload.discard': 'Discard',

  'check.notVideo': 'Only video files can be uploaded.',
  'check.tooLarge': 'The file is too large. Up to {max} MB.',
  'check.tooLong': 'The clip is too long. Up to {max} seconds.',

  'processing.title': 'Processing',
  'processing.RESERVED': 'Waiting to be processed',
  'processing.START': 'Processing started',
  'processing.PROCESSING': 'Converting {progress}%',
  'processing.COMPLETE': 'Processed',
  'processing.STOP': 'Processing stopped',
  'processing.DELETE': 'Deleted',
  'processing.ERROR': 'Could not be processed',
  'processing.meanwhile': 'While it is processed, write the title and description below.',
  'processing.stop': 'Stop processing',
  'processing.retry': 'Process again',
  'processing.delete': 'Delete',
  'processing.keep': 'Cancel',
  'processing.deleteConfirm': 'Delete this loop? The uploaded video and its thumbnails are removed.',
  'processing.deleted': 'Loop deleted.',
  'processing.preview': 'Preview',
  'processing.meta': '{width}×{height} · {duration} s',

  'details.title': 'Title',
  'details.description': 'Description',
  'details.thumbnail': 'Thumbnail',
  'details.thumbnailOption': 'Thumbnail {n}',
  'details.thumbnailChosen': 'Thumbnail chosen.',

  'list.title': 'My loops',
  'list.open': 'Open',
  'list.empty': 'No loops uploaded yet.',
};

export type LoopMessageKey = keyof typeof ko;
export const loopMessages = { ko, en };

export function useLoopT() {
  return useCatalogueT(loopMessages);
}
