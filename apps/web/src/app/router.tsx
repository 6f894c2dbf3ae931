import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { STUDIO_BASENAME } from '../utils/studio-path';
import { AppLoading } from './layout/app-loading';
import { StudioLayout } from './layout/studio-layout';
import type { PageModule } from './routes/page-module';
import { RouteErrorPage } from './routes/route-error';

/** Pages load on demand so the first load carries only the shell; a page's loader starts its reads before it renders. */
function page(queryClient: QueryClient, load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => {
    const { Component, loader } = await load();
    return loader ? { Component, loader: loader(queryClient) } : { Component };
  };
}

// One chunk for the editor, post and preview pages: one import (and one preload list) in the first load instead of three.
const writingPages = () => import('./routes/writing');

/** The studio's pages, below the layout; exported so tests run them with their real loaders and error screen. */
export function pageRoutes(queryClient: QueryClient): RouteObject[] {
  const lazy = (load: () => Promise<PageModule>) => page(queryClient, load);
  return [
    { index: true, lazy: lazy(async () => (await import('./routes/home')).homePage) },
    { path: 'channels/management', lazy: lazy(async () => (await import('./routes/channel-management')).channelManagementPage) },
    { path: 'channels/:id', lazy: lazy(async () => (await import('./routes/channel-home')).channelHomePage) },
    { path: 'channels/:channelId/insights', lazy: lazy(async () => (await import('./routes/insights')).insightsPage) },
    { path: 'channels/:id/settings', lazy: lazy(async () => (await import('./routes/channel-settings')).channelSettingsPage) },
    { path: 'channels/:id/profile', lazy: lazy(async () => (await import('./routes/channel-profile')).channelProfilePage) },
    {
      path: 'channels/:channelId/videos/shorts/upload',
      lazy: lazy(async () => (await import('./routes/loop-upload')).loopUploadPage),
    },
    { path: 'channels/:channelId/contents/post/create', lazy: lazy(async () => (await writingPages()).postCreatePage) },
    { path: 'channels/:channelId/contents/:contentId/preview', lazy: lazy(async () => (await writingPages()).contentPreviewPage) },
    // The live list, its creation layer (`create`) and a live's page: one lazy module.
    { path: 'channels/:channelId/videos/lives/:liveId?', lazy: lazy(async () => (await import('./routes/lives')).livesPage) },
    // Spec: the editor's second segment defaults to draft.
    { path: 'editor/:channelId', element: <Navigate to="draft" replace /> },
    { path: 'editor/:channelId/:mode', lazy: lazy(async () => (await writingPages()).editorPage) },
    { path: 'profile/my', lazy: lazy(async () => (await import('./routes/profile-my')).profileMyPage) },
    { path: 'profile/alarm', lazy: lazy(async () => (await import('./routes/profile-alarm')).profileAlarmPage) },
    { path: 'trend', lazy: lazy(async () => (await import('./routes/trend')).trendPage) },
    { path: 'notices', lazy: lazy(async () => (await import('./routes/notices')).noticesPage) },
    { path: 'notices/:contentId', lazy: lazy(async () => (await import('./routes/notice-detail')).noticeDetailPage) },
    { path: 'policy/terms', lazy: lazy(async () => ({ Component: (await import('./routes/static-pages')).TermsRoute })) },
    { path: 'policy/privacy', lazy: lazy(async () => ({ Component: (await import('./routes/static-pages')).PrivacyRoute })) },
    { path: 'help', lazy: lazy(async () => ({ Component: (await import('./routes/static-pages')).HelpRoute })) },
    { path: 'guide', lazy: lazy(async () => ({ Component: (await import('./routes/static-pages')).GuideRoute })) },
    {
      // Operator console: the layout (its tabs) checks the operator flag; applications is the first tab.
      path: 'operator',
      lazy: lazy(async () => (await import('./routes/operator')).operatorPages.layout),
      children: [
        { index: true, element: <Navigate to="applications" replace /> },
        { path: 'applications', lazy: lazy(async () => (await import('./routes/operator-applications')).operatorApplicationsPage) },
        ...(['channels', 'notices', 'notifications', 'audit'] as const).map((path) => ({
          path,
          lazy: lazy(async () => (await import('./routes/operator')).operatorPages[path]),
        })),
      ],
    },
    { path: 'apply/content-type-select', lazy: lazy(async () => (await import('./routes/apply')).contentTypeSelectPage) },
    { path: 'apply/form', lazy: lazy(async () => (await import('./routes/apply')).applyFormPage) },
    { path: '*', lazy: lazy(async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute })) },
  ];
}

function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      element: <StudioLayout />,
      HydrateFallback: AppLoading,
      // The layout itself failed: the screen stands alone.
      errorElement: <RouteErrorPage fullPage />,
      // Inside the layout: the one place a page's failure becomes a screen (not found, no permission, error with retry).
      children: [{ errorElement: <RouteErrorPage />, children: pageRoutes(queryClient) }],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient), { basename: STUDIO_BASENAME });
}
