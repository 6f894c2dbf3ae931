import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { OperatorNotificationInput, OperatorNotificationSent } from '@studio/contract/operator';
import { apiClient } from '../../../lib/api-client';
import { asResult } from '../../../lib/result';
import { loginFieldCodes } from './login-field-codes';
import { operatorKeys } from './operator-keys';

type NotificationInput = z.input<typeof OperatorNotificationInput>;

export function sendOperatorNotification(body: NotificationInput) {
  return apiClient.post('/api/operator/notifications', { bodySchema: OperatorNotificationInput, body, schema: OperatorNotificationSent });
}

export function useSendOperatorNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationInput) => asResult(sendOperatorNotification(body), loginFieldCodes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.audit() }),
  });
}
