import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { STUDIO_BASENAME } from '../utils/studio-path';
import { AppLoading } from './layout/app-loading';
import { StudioLayout } from './layout/studio-layout';
import { RouteErrorPage } from './routes/route-error';

/** Pages load on demand so the first load carries only the shell. */
export const routes: RouteObject[] = [
  {
    element: <StudioLayout />,
    HydrateFallback: AppLoading,
    errorElement: <RouteErrorPage fullPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./routes/home')).HomeRoute }) },
          {
            path: 'channels/management',
            lazy: async () => ({ Component: (await import('./routes/channel-management')).ChannelManagementRoute }),
          },
          {
            path: 'channels/:id',
            lazy: async () => ({ Component: (await import('./routes/channel-home')).ChannelHomeRoute }),
          },
          {
            path: 'channels/:id/settings',
            lazy: async () => ({ Component: (await import('./routes/channel-settings')).ChannelSettingsRoute }),
          },
          {
            path: 'channels/:channelId/videos/shorts/upload',
            lazy: async () => ({ Component: (await import('./routes/placeholders')).LoopUploadRoute }),
          },
          {
            path: 'channels/:channelId/contents/post/create',
            lazy: async () => ({ Component: (await import('./routes/placeholders')).PostCreateRoute }),
          },
          {
            path: 'channels/:channelId/videos/lives/create',
            lazy: async () => ({ Component: (await import('./routes/placeholders')).LiveCreateRoute }),
          },
          {
            path: 'channels/:channelId/videos/lives/:liveId',
            lazy: async () => ({ Component: (await import('./routes/placeholders')).LiveDetailRoute }),
          },
          // Spec: the editor's second segment defaults to draft.
          { path: 'editor/:channelId', element: <Navigate to="draft" replace /> },
          {
            path: 'editor/:channelId/:mode',
            lazy: async () => ({ Component: (await import('./routes/placeholders')).EditorRoute }),
          },
          { path: 'profile/my', lazy: async () => ({ Component: (await import('./routes/profile-my')).ProfileMyRoute }) },
          {
            path: 'profile/alarm',
            lazy: async () => ({ Component: (await import('./routes/profile-alarm')).ProfileAlarmRoute }),
          },
          { path: 'trend', lazy: async () => ({ Component: (await import('./routes/placeholders')).TrendRoute }) },
          { path: 'notices', lazy: async () => ({ Component: (await import('./routes/notices')).NoticesRoute }) },
          {
            path: 'notices/:contentId',
            lazy: async () => ({ Component: (await import('./routes/notice-detail')).NoticeDetailRoute }),
          },
          { path: 'policy/terms', lazy: async () => ({ Component: (await import('./routes/static-pages')).TermsRoute }) },
          {
            path: 'policy/privacy',
            lazy: async () => ({ Component: (await import('./routes/static-pages')).PrivacyRoute }),
          },
          { path: 'help', lazy: async () => ({ Component: (await import('./routes/static-pages')).HelpRoute }) },
          { path: 'guide', lazy: async () => ({ Component: (await import('./routes/static-pages')).GuideRoute }) },
          {
            path: 'apply/content-type-select',
            lazy: async () => ({ Component: (await import('./routes/placeholders')).ApplyRoute }),
          },
          { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: STUDIO_BASENAME });
}
