/**
 * The live routes of spec section 7 take their input in the query string even
 * on mutations (`POST /lives/streams?title=`, `PUT /lives/{id}/change-stream?kampChannelId=`).
 */
export function withQuery(path: string, params: Record<string, string>): string {
  return `${path}?${new URLSearchParams(params).toString()}`;
}
