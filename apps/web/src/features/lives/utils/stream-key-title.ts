import { STREAM_KEY_TITLE_MAX } from '@studio/contract/constants';

// Spec section 5, "Stream key title". Counted in characters as a person counts them
// (code points), so an emoji is one character and is never cut in half.

/**
 * What the title field keeps of what was typed or pasted: line breaks are
 * stripped, and whatever goes past 20 characters is ignored.
 */
export function streamKeyTitleInput(value: string): string {
  const oneLine = value.replace(/[\r\n\u2028\u2029]+/g, '');
  const characters = Array.from(oneLine);
  return characters.length > STREAM_KEY_TITLE_MAX ? characters.slice(0, STREAM_KEY_TITLE_MAX).join('') : oneLine;
}

/** The counter's x of x/20. */
export function streamKeyTitleLength(value: string): number {
  return Array.from(value).length;
}

/** The title as sent: trimmed. */
export function streamKeyTitleToSend(value: string): string {
  return value.trim();
}

/** Add is disabled while the trimmed title is empty. */
export function canAddStreamKey(value: string): boolean {
  return streamKeyTitleToSend(value).length > 0;
}

/** Done is disabled while the key is on air or the trimmed title is empty. */
export function canFinishStreamKeyEdit(value: string, isLive: boolean): boolean {
  return !isLive && canAddStreamKey(value);
}

/** The title to send for an edit, or null when the trimmed title equals the original (nothing is sent). */
export function streamKeyRename(original: string, edited: string): string | null {
  const title = streamKeyTitleToSend(edited);
  return title === original.trim() ? null : title;
}
