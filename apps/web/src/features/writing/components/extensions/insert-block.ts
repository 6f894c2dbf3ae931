import type { CommandProps, JSONContent } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';

/**
 * Inserts a block where the cursor is; when a block (an image, a card) is
 * selected, after it rather than in its place, so adding a card never
 * replaces the image just added.
 */
export function insertBlock({ state, commands }: CommandProps, content: JSONContent): boolean {
  const { selection } = state;
  return selection instanceof NodeSelection ? commands.insertContentAt(selection.to, content) : commands.insertContent(content);
}
