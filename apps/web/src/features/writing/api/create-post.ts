import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedContent, CreatePostBody } from '@studio/contract/content';
import { apiClient } from '../../../lib/api-client';
import { contentKeys } from './content-keys';

export function createPost(channelId: number, body: CreatePostBody) {
  return apiClient.post(`/api/channels/${channelId}/posts`, { bodySchema: CreatePostBody, body, schema: CreatedContent });
}

export function useCreatePost(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePostBody) => createPost(channelId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all(channelId) }),
  });
}
