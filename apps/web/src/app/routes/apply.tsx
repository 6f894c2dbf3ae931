import { useQuery, useQueryClient } from '@tanstack/react-query';
import { redirect, useSearchParams } from 'react-router';
import { ApplyChannelType } from '@studio/contract/application';
import { QueryBoundary } from '../../components/errors/query-boundary';
import { draftQueryOptions } from '../../features/applications/api/get-draft';
import { ApplicationForm } from '../../features/applications/components/application-form';
import { ContentTypeSelect } from '../../features/applications/components/content-type-select';
import { managementKeys } from '../../features/channel-management/api/management-keys';
import { myChannelsQueryOptions } from '../../features/channels/api/get-my-channels';
import { type PageModule, settle } from './page-module';

function ContentTypeSelectRoute() {
  // The draft only adds a notice: the choice is there whether or not it loads.
  const draft = useQuery(draftQueryOptions());
  return <ContentTypeSelect hasDraft={Boolean(draft.data?.draft)} />;
}

/** /apply/content-type-select: the start of the entry application (spec section 2). */
export const contentTypeSelectPage: PageModule = {
  Component: ContentTypeSelectRoute,
  loader: (queryClient) => () => settle(queryClient.fetchQuery(draftQueryOptions())),
};

function ApplyFormRoute() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const type = ApplyChannelType.parse(params.get('type'));
  return (
    <QueryBoundary>
      <ApplicationForm
        key={type}
        channelType={type}
        // The new application shows in the apply-results tab and its count.
        onSubmitted={() => void queryClient.invalidateQueries({ queryKey: managementKeys.all })}
      />
    </QueryBoundary>
  );
}

/** /apply/form?type=…: the form for the chosen type, opened with the person's draft. */
export const applyFormPage: PageModule = {
  Component: ApplyFormRoute,
  loader:
    (queryClient) =>
    async ({ request }) => {
      const type = ApplyChannelType.safeParse(new URL(request.url).searchParams.get('type'));
      // No type chosen yet: the choice comes first.
      if (!type.success) return redirect('/apply/content-type-select');
      // Always read afresh: a re-apply copy or another tab may have replaced the draft.
      return settle(queryClient.fetchQuery(draftQueryOptions()), queryClient.ensureQueryData(myChannelsQueryOptions()));
    },
};
