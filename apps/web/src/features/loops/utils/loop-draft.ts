/** What the person writes while a clip is processed, kept in this browser until it is published (or the loop deleted). */
export type LoopDraft = { title: string; description: string };

export const loopDraftKey = (loopId: string) => `studio.loop-draft.${loopId}`;

/** The draft kept for a loop in this browser; empty when there is none or it cannot be read. */
export function readLoopDraft(loopId: string): LoopDraft {
  try {
    return { title: '', description: '', ...(JSON.parse(localStorage.getItem(loopDraftKey(loopId)) ?? '{}') as Partial<LoopDraft>) };
  } catch {
    return { title: '', description: '' };
  }
}
