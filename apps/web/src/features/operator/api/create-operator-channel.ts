import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { OperatorChannelCreate, OperatorChannelCreated } from '@studio/contract/operator';
import { apiClient } from '../../../lib/api-client';
import { asResult } from '../../../lib/result';
import { loginFieldCodes } from './login-field-codes';
import { operatorKeys } from './operator-keys';

type CreateInput = z.input<typeof OperatorChannelCreate>;

export function createOperatorChannel(body: CreateInput) {
  return apiClient.post('/api/operator/channels', { bodySchema: OperatorChannelCreate, body, schema: OperatorChannelCreated });
}

export function useCreateOperatorChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInput) => asResult(createOperatorChannel(body), loginFieldCodes),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: operatorKeys.channels() }), queryClient.invalidateQueries({ queryKey: operatorKeys.audit() })]),
  });
}
