import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { createRefusal } from '@studio/contract/channel';
import { CreateRefused } from '../../components/create-refused/create-refused';
import { channelQueryOptions } from '../../features/channel-home/api/get-channel';
import { contentQueryOptions } from '../../features/writing/api/get-content';
import { contentPreviewQueryOptions } from '../../features/writing/api/get-content-preview';
import { ContentPreviewPage } from '../../features/writing/components/content-preview';
import { EditorPage } from '../../features/writing/components/editor-page';
import { PostPage } from '../../features/writing/components/post-page';
import { isSameEditorSession } from '../../features/writing/hooks/use-leave-guard';
import { notFoundError } from '../../components/errors/error-kind';
import { idParam, type PageModule } from './page-module';

/** The second segment: `draft` for a new article, or the id of one to edit. */
function contentParam(mode: string | undefined): number | null {
  return mode === 'draft' ? null : idParam(mode);
}

function EditorRoute() {
  const params = useParams();
  const location = useLocation();
  const channelId = idParam(params.channelId);
  const contentId = contentParam(params.mode);
  const { data: channel } = useSuspenseQuery(channelQueryOptions(channelId));
  // A new article on a channel whose contents option is off: the reason instead of the editor (issue 25).
  const refusal = contentId === null ? createRefusal(channel, 'CONTENTS') : null;
  // The loader has read the content; the editor's own first save puts the new draft in the cache before moving to its address.
  const { data } = useQuery({ ...contentQueryOptions(channelId, contentId ?? 0), enabled: contentId !== null });
  const content = contentId === null ? null : data;
  if (refusal) return <CreateRefused channelId={channelId} option="CONTENTS" refusal={refusal} />;
  if (content === undefined) return null;
  // Only articles have this editor; a post or a loop is not found here.
  if (content && content.kind !== 'CONTENT_VIEW') throw notFoundError();
  // The editor's own move from /draft to the new id keeps the page (and what is being typed); any other arrival starts afresh.
  const session = isSameEditorSession(location.state) ? location.state.editorSession : location.key;
  return <EditorPage key={session} channelId={channelId} channelName={channel.name} content={content} session={session} />;
}

export const editorPage: PageModule = {
  Component: EditorRoute,
  loader:
    (queryClient) =>
    async ({ params }) => {
      const channelId = idParam(params.channelId);
      const contentId = contentParam(params.mode);
      await queryClient.ensureQueryData(channelQueryOptions(channelId));
      if (contentId !== null) await queryClient.ensureQueryData(contentQueryOptions(channelId, contentId));
      return null;
    },
};

function PostCreateRoute() {
  const channelId = idParam(useParams().channelId);
  const { data: channel } = useSuspenseQuery(channelQueryOptions(channelId));
  // Posts off (or the channel out of service): the reason instead of the form (issue 25).
  const refusal = createRefusal(channel, 'POST');
  if (refusal) return <CreateRefused channelId={channelId} option="POST" refusal={refusal} />;
  return <PostPage key={channelId} channelId={channelId} channelName={channel.name} />;
}

/** Spec section 2: /channels/{channelId}/contents/post/create. */
export const postCreatePage: PageModule = {
  Component: PostCreateRoute,
  loader:
    (queryClient) =>
    async ({ params }) => {
      await queryClient.ensureQueryData(channelQueryOptions(idParam(params.channelId)));
      return null;
    },
};

function ContentPreviewRoute() {
  const params = useParams();
  const channelId = idParam(params.channelId);
  const contentId = idParam(params.contentId);
  return <ContentPreviewPage key={contentId} channelId={channelId} contentId={contentId} />;
}

/** A content as a reader would see it, body sanitised by the server. */
export const contentPreviewPage: PageModule = {
  Component: ContentPreviewRoute,
  loader:
    (queryClient) =>
    async ({ params }) => {
      const channelId = idParam(params.channelId);
      await queryClient.ensureQueryData(contentPreviewQueryOptions(channelId, idParam(params.contentId)));
      return null;
    },
};
