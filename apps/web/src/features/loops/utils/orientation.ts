/**
 * A loop is a vertical clip (9:16, the upload page says so): a clip whose frame is wider than high, or
 * square, is shown small inside the vertical player. The page hints at it before the upload starts,
 * judged by the frame the browser reads from the file itself; it does not refuse (the server takes any
 * orientation). Null when the clip is vertical or its frame is unknown.
 */
export function orientationHint(metadata: { width: number | null; height: number | null }): 'landscape' | 'square' | null {
  const { width, height } = metadata;
  if (width === null || height === null) return null;
  if (width > height) return 'landscape';
  if (width === height) return 'square';
  return null;
}
