import { ApplicationDraft, SavedDraft } from '@studio/contract/application';
import { apiClient } from '../../../lib/api-client';
import { serverUrl } from '../../../lib/runtime-config';

export function saveDraft(draft: ApplicationDraft) {
  return apiClient.put('/api/applications/draft', { bodySchema: ApplicationDraft, body: draft, schema: SavedDraft });
}

export function discardDraft() {
  return apiClient.delete('/api/applications/draft');
}

/**
 * The last save as the page goes away (a closed tab, a reload): `keepalive`
 * lets the request outlive the page. Best effort; the debounced saves carry the rest.
 */
export function saveDraftOnExit(draft: ApplicationDraft): void {
  try {
    void fetch(serverUrl('/api/applications/draft'), {
      method: 'PUT',
      keepalive: true,
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(draft),
    }).catch(() => undefined);
  } catch {
    // A page on its way out has nobody to tell.
  }
}
