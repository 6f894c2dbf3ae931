// No zod here: the browser's first load reads the catalogue's codes (lib/i18n/error-codes.ko.ts, docs/decisions/057).
import { LOOP_MAX_FRAME_RATE, LOOP_MAX_FRAME_SIDE, MAX_RESTREAM_TARGETS_PER_KEY } from './constants';

/**
 * The one catalogue of error codes. The server answers every error with
 * `ErrorBody`; the web client maps codes to the spec's behaviour.
 */
export const errorCatalogue = {
  AUTH_UNAUTHORIZED: { status: 401, message: '현재 로그아웃 상태입니다. 로그인 후 다시 시도해 주세요.' },
  AUTH_INVALID_CONTINUE: { status: 400, message: '이 스튜디오 밖의 주소로는 돌아갈 수 없습니다.' },
  AUTH_LOGIN_FAILED: { status: 400, message: '로그인 처리 중 문제가 발생했습니다. 다시 로그인해 주세요.' },
  CSRF_ORIGIN_MISMATCH: { status: 403, message: '허용되지 않은 출처의 요청입니다.' },
  ACCESS_DENIED: { status: 403, message: '접근 권한이 없습니다.' },
  NOT_FOUND: { status: 404, message: '요청한 정보를 찾을 수 없습니다.' },
  ROUTE_NOT_FOUND: { status: 404, message: '요청한 주소를 찾을 수 없습니다.' },
  VALIDATION_FAILED: { status: 400, message: '입력한 정보를 다시 확인해 주세요.' },
  RATE_LIMITED: { status: 429, message: '요청이 너무 많습니다. 잠시 후 다시 시도하세요.' },
  INVITE_UNAUTHORIZED: { status: 403, message: '로그인한 메신저 계정을 다시 확인해 주세요.' },
  TRANSFER_UNAUTHORIZED: { status: 403, message: '로그인한 메신저 계정을 다시 확인해 주세요.' },
  CHANNEL_NOT_SERVICE: { status: 409, message: '채널 상태가 변경되어 초대가 취소되었습니다.' },
  CHANNEL_NOT_FOUND: { status: 404, message: '채널을 찾을 수 없습니다.' },
  CHANNEL_ACCESS_DENIED: { status: 403, message: '이 채널에 대한 권한이 없습니다.' },
  CHANNEL_OWNER_ONLY: { status: 403, message: '채널 소유자만 할 수 있습니다.' },
  CHANNEL_TYPE_UNSUPPORTED: { status: 400, message: '이 채널 유형에서는 지원하지 않는 기능입니다.' },
  CREATE_OPTION_DISABLED: { status: 403, message: '이 채널에서는 사용할 수 없는 만들기 메뉴입니다.' },
  ACCOUNT_NOT_FOUND: { status: 400, message: '해당 아이디의 계정을 찾을 수 없습니다.' },
  ALREADY_MEMBER: { status: 409, message: '이미 이 채널의 멤버입니다.' },
  ALREADY_INVITED: { status: 409, message: '이미 초대를 보낸 계정입니다.' },
  CANNOT_TARGET_SELF: { status: 400, message: '자기 자신에게는 할 수 없습니다.' },
  MEMBER_NOT_FOUND: { status: 404, message: '채널 멤버를 찾을 수 없습니다.' },
  OWNER_CANNOT_LEAVE: { status: 400, message: '소유자는 채널을 떠날 수 없습니다. 먼저 소유권을 이전해 주세요.' },
  CANNOT_REMOVE_OWNER: { status: 400, message: '소유자는 내보낼 수 없습니다.' },
  INVITE_NOT_PENDING: { status: 409, message: '초대 기간이 만료되었거나 권한이 없습니다.' },
  TRANSFER_NOT_PENDING: { status: 409, message: '초대 기간이 만료되었거나 권한이 없습니다.' },
  CHANNEL_HAS_OWNER: { status: 409, message: '이미 소유자가 있는 채널입니다.' },
  OWNER_INVITE_PENDING: { status: 409, message: '이 채널에는 응답을 기다리는 소유자 초대가 있습니다.' },
  TRANSFER_ALREADY_PENDING: { status: 409, message: '진행 중인 소유권 이전 요청이 있습니다.' },
  APPLICATION_NOT_FOUND: { status: 404, message: '입점 신청을 찾을 수 없습니다.' },
  APPLICATION_STATE_CHANGED: { status: 409, message: '입점 신청 상태가 이미 변경되었습니다. 목록을 새로 고쳐 확인해 주세요.' },
  APPLICATION_ALREADY_OPEN: { status: 409, message: '같은 이름으로 심사 중인 입점 신청이 있습니다.' },
  APPLICATION_TOO_MANY_OPEN: { status: 409, message: '심사 중인 입점 신청이 너무 많습니다. 결과가 나온 뒤 다시 신청해 주세요.' },
  APPLICATION_CHANNEL_NOT_OWNED: { status: 403, message: '소유한 채널에만 유형을 추가할 수 있습니다.' },
  APPLICATION_TYPE_PRESENT: { status: 409, message: '이 채널은 이미 해당 유형을 제공합니다.' },
  APPLICATION_NOT_REJECTED: { status: 409, message: '반려된 신청만 다시 신청할 수 있습니다.' },
  CONTENT_NOT_FOUND: { status: 404, message: '콘텐츠를 찾을 수 없습니다.' },
  CONTENT_VERSION_CONFLICT: { status: 409, message: '다른 곳에서 먼저 수정된 콘텐츠입니다. 최신 내용을 불러오거나 지금 내용을 유지해 주세요.' },
  CONTENT_STATUS_CONFLICT: { status: 409, message: '지금 상태에서는 할 수 없는 작업입니다. 콘텐츠 상태를 확인해 주세요.' },
  CONTENT_INCOMPLETE: { status: 400, message: '제목과 본문을 입력한 뒤 발행해 주세요.' },
  CONTENT_FIELD_NOT_ALLOWED: { status: 400, message: '이 콘텐츠 종류에서는 사용할 수 없는 항목입니다.' },
  CONTENT_IMAGE_NOT_FOUND: { status: 400, message: '첨부한 이미지를 찾을 수 없습니다. 다시 업로드해 주세요.' },
  RESERVATION_TIME_INVALID: { status: 400, message: '예약 시간을 다시 선택해 주세요. 10분 단위로, 가장 빠른 예약 가능 시간 이후만 선택할 수 있습니다.' },
  LIVE_NOT_FOUND: { status: 404, message: '라이브를 찾을 수 없습니다.' },
  STREAM_KEY_NOT_FOUND: { status: 404, message: '스트림 키를 찾을 수 없습니다.' },
  /** Spec section 8, "Live delete failure": any live call made against a state that changed meanwhile. */
  LIVE_STATE_CHANGED: { status: 409, message: '방송 상태가 변경되었습니다. 선택한 라이브 상태를 확인해주세요.' },
  LIVE_NOT_RECEIVING: { status: 409, message: '인코더에서 영상이 들어오지 않아 방송을 시작할 수 없습니다. 송출을 시작한 뒤 다시 시도해 주세요.' },
  LIVE_LIMIT_REACHED: { status: 409, message: '동시에 진행할 수 있는 방송은 최대 5개입니다.' },
  REPLAY_NOT_FOUND: { status: 404, message: '다시 보기를 찾을 수 없습니다.' },
  REPLAY_TRIM_RANGE: { status: 400, message: '자를 구간을 다시 확인해 주세요. 시작은 끝보다 앞이어야 하고 끝은 다시 보기 길이를 넘을 수 없습니다.' },
  REPLAY_TRIM_TOO_SHORT: { status: 400, message: '다시 보기는 최소 1초 이상 남겨야 합니다.' },
  REPLAY_TRIM_UNCHANGED: { status: 400, message: '처음과 끝이 그대로여서 자를 부분이 없습니다.' },
  REPLAY_TRIM_IN_PROGRESS: { status: 409, message: '다시 보기를 자르고 있습니다. 끝난 뒤 다시 시도해 주세요.' },
  STREAM_KEY_IN_USE: { status: 409, message: '이 스트림 키는 다른 라이브에서 방송 중입니다.' },
  STREAM_KEY_ON_AIR: { status: 409, message: '방송 중인 스트림 키는 수정할 수 없습니다.' },
  STREAM_KEY_LIMIT_REACHED: { status: 409, message: '스트림 키는 채널당 최대 20개까지 만들 수 있습니다.' },
  /** Issue 24, point 3: a restream target of the key that does not exist (or was removed). */
  RESTREAM_TARGET_NOT_FOUND: { status: 404, message: '재전송 대상을 찾을 수 없습니다.' },
  /** Issue 24, point 3: the key already has MAX_RESTREAM_TARGETS_PER_KEY targets; `extra`: `{ max }`. */
  RESTREAM_TARGET_LIMIT_REACHED: { status: 409, message: `재전송 대상은 스트림 키마다 최대 ${MAX_RESTREAM_TARGETS_PER_KEY}개까지 추가할 수 있습니다.` },
  /** Issue 24, point 3: a target's server address; `extra`: `{ reason }` (RestreamUrlProblem). */
  RESTREAM_URL_INVALID: { status: 400, message: 'rtmp:// 또는 rtmps://로 시작하는 서버 주소를 확인해 주세요.' },
  /** Issue 24, point 3: a target's key; `extra`: `{ reason }` (RestreamKeyProblem). */
  RESTREAM_KEY_INVALID: { status: 400, message: '재전송 대상의 스트림 키를 확인해 주세요.' },
  /** Issue 24, point 2 (WHIP, RFC 9725): no bearer token, or not a current stream key (wrong, reissued, deleted). */
  WHIP_KEY_REFUSED: { status: 401, message: '스트림 키를 확인해 주세요. 다시 발급한 키라면 새 키로 송출해 주세요.' },
  /** Issue 24, point 2: the key is already being received (from the browser, OBS or another tab). */
  WHIP_KEY_BUSY: { status: 409, message: '이 스트림 키로 이미 송출하고 있습니다. 다른 송출을 끝낸 뒤 다시 시도해 주세요.' },
  /** Issue 24, point 2: a WHIP offer that is not an SDP offer this ingest can read. */
  WHIP_SDP_INVALID: { status: 400, message: '브라우저의 연결 정보(SDP)를 읽을 수 없습니다.' },
  /** Issue 24, point 2: the offer has no H.264 video (the ingest passes video through, it does not transcode). */
  WHIP_CODEC_UNSUPPORTED: { status: 400, message: '이 브라우저는 H.264 영상을 보낼 수 없어 방송할 수 없습니다.' },
  /** Issue 24, point 2: a WHIP POST whose body is not `application/sdp`. */
  WHIP_MEDIA_TYPE: { status: 415, message: 'application/sdp 형식의 요청만 받을 수 있습니다.' },
  /** Issue 24, point 2: this instance holds WHIP_MAX_SESSIONS sessions already. */
  WHIP_SESSION_LIMIT: { status: 503, message: '지금은 브라우저 송출을 더 받을 수 없습니다. 잠시 후 다시 시도해 주세요.' },
  /** Issue 24, point 2: the session resource (its DELETE) is unknown or already ended. */
  WHIP_SESSION_NOT_FOUND: { status: 404, message: '브라우저 송출 세션을 찾을 수 없습니다.' },
  WHIP_PATCH_UNSUPPORTED: { status: 405, message: '브라우저 송출 세션은 연결 후보를 나중에 보내는 방식(PATCH)을 지원하지 않습니다.' },
  THUMBNAIL_UPLOAD_FAILED: { status: 400, message: '이미지 업로드에 실패했습니다.' },
  UPLOAD_TOO_LARGE: { status: 413, message: '파일이 너무 큽니다.' },
  UPLOAD_NOT_IMAGE: { status: 400, message: '이미지 파일(JPEG, PNG, WebP, GIF)만 올릴 수 있습니다.' },
  UPLOAD_MISSING: { status: 400, message: '올릴 파일을 선택해 주세요.' },
  LOOP_NOT_VIDEO: { status: 400, message: '동영상 파일이 아니거나 영상이 없는 파일입니다.' },
  LOOP_DAMAGED: { status: 400, message: '파일이 손상되었거나 끝까지 올라가지 않았습니다. 다시 올려 주세요.' },
  LOOP_TOO_LONG: { status: 400, message: '루프 영상의 길이 제한을 넘었습니다.' },
  /** Issue 20: a frame wider or taller than LOOP_MAX_FRAME_SIDE, or of more than LOOP_MAX_FRAME_PIXELS. */
  LOOP_RESOLUTION_TOO_HIGH: { status: 400, message: `영상 해상도가 너무 높습니다. 가로와 세로 모두 ${LOOP_MAX_FRAME_SIDE}픽셀 이하인 영상만 올릴 수 있습니다.` },
  /** Issue 20: more than LOOP_MAX_FRAME_RATE frames a second, by the header or by the frames counted. */
  LOOP_FRAME_RATE_TOO_HIGH: { status: 400, message: `초당 프레임 수가 너무 많습니다. ${LOOP_MAX_FRAME_RATE}fps 이하인 영상만 올릴 수 있습니다.` },
  /** Issue 20: processing the file went past the memory, CPU or time allowed to one file. */
  LOOP_TOO_COSTLY: { status: 400, message: '영상을 처리하는 데 허용된 자원을 넘었습니다. 해상도나 길이를 줄여 다시 올려 주세요.' },
  LOOP_SOURCE_MISSING: { status: 409, message: '원본 파일이 없어 처리할 수 없습니다. 다시 올려 주세요.' },
  LOOP_PROCESSING_FAILED: { status: 500, message: '영상을 처리하지 못했습니다. 다시 시도해 주세요.' },
  LOOP_STATE_CHANGED: { status: 409, message: '루프 상태가 변경되었습니다. 새로 고친 뒤 다시 시도해 주세요.' },
  LOOP_NOT_COMPLETE: { status: 409, message: '처리가 끝난 루프만 발행할 수 있습니다.' },
  LOOP_ALREADY_PUBLISHED: { status: 409, message: '이미 발행한 루프입니다.' },
  /** A person's unfinished loop uploads at once; `extra`: `{ unfinished, maxUnfinished }`. */
  LOOP_UPLOADS_LIMIT_REACHED: { status: 409, message: '끝나지 않은 업로드가 너무 많습니다. 올리던 파일을 마저 올리거나 취소한 뒤 다시 시도해 주세요.' },
  /** The bytes a person's unfinished loop uploads promise; `extra`: `{ unfinishedBytes, requestedBytes, maxUnfinishedBytes }`. */
  LOOP_UPLOAD_BYTES_LIMIT_REACHED: { status: 409, message: '끝나지 않은 업로드의 용량이 한도를 넘습니다. 올리던 파일을 마저 올리거나 취소한 뒤 다시 시도해 주세요.' },
  /** Issue 22: another request (on any instance) held the upload for longer than a request waits; tus clients retry a 409. */
  LOOP_UPLOAD_BUSY: { status: 409, message: '다른 곳에서 같은 파일을 올리고 있습니다. 잠시 후 다시 시도해 주세요.' },
  /** Issue 23: a beacon names a content that does not exist or is not public; `extra`: `{ contentIds }`. */
  VIEW_CONTENT_NOT_FOUND: { status: 404, message: '시청 기록을 남길 콘텐츠를 찾을 수 없습니다.' },
  INTERNAL_ERROR: { status: 500, message: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도하세요.' },
  /** The database is down, restarting or frozen: temporary by nature, the spec's temporary-error text. */
  SERVICE_UNAVAILABLE: { status: 503, message: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도하세요.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;
