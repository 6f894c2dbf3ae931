import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApplicationDetail, ApplicationForm, type ApplicationFormInput } from '@studio/contract/application';
import { apiClient } from '../../../lib/api-client';
import { asResult } from '../../../lib/result';
import { draftQueryOptions } from './get-draft';

/** Refusals the form shows itself (beside the fields or above the button) rather than as a toast. */
const formCodes: ReadonlySet<string> = new Set([
  'VALIDATION_FAILED',
  'APPLICATION_ALREADY_OPEN',
  'APPLICATION_TOO_MANY_OPEN',
  'APPLICATION_CHANNEL_NOT_OWNED',
  'APPLICATION_TYPE_PRESENT',
]);

export function submitApplication(input: ApplicationFormInput) {
  return apiClient.post('/api/applications', { bodySchema: ApplicationForm, body: input, schema: ApplicationDetail });
}

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplicationFormInput) => asResult(submitApplication(input), formCodes),
    onSuccess: (result) => {
      // The server dropped the draft (the route refreshes the management lists it composes).
      if (result.ok) queryClient.removeQueries({ queryKey: draftQueryOptions().queryKey });
    },
  });
}
