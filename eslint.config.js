import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

const webSrc = './apps/web/src';
/** Every feature folder, read from disk, so a new feature is fenced the day it is created. */
const webFeatures = readdirSync(new URL(`${webSrc}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * The one deliberately public feature surface: the signed-in person's channel
 * lists (which every channel page refreshes after a change of membership), the
 * keys of a channel's cached reads (which the notification stream drops when the
 * operator changes the channel) and the channel identity block shown in each channel list. Nothing else in a
 * feature may be imported by another feature; shared pieces go to components/.
 */
const publicFeatureFiles = [
  'channels/api/get-my-channels.ts',
  'channels/api/get-creatable-channels.ts',
  'channel-home/api/channel-keys.ts',
  'channels/components/channel-identity.tsx',
];
const featureZones = webFeatures.map((feature) => ({
  target: `${webSrc}/features/${feature}`,
  from: `${webSrc}/features`,
  except: [`./${feature}`, ...publicFeatureFiles.filter((file) => !file.startsWith(`${feature}/`)).map((file) => `./${file}`)],
  message: 'Features do not import each other: move the shared piece to components/, or make it part of the public features/channels surface in eslint.config.js.',
}));

const serverSrc = 'apps/server/src';
const childProcessPaths = ['node:child_process', 'child_process'].map((name) => ({
  name,
  allowTypeImports: true,
  message: 'Start media tools through launch()/run() of apps/server/src/media/media-tools.ts, which bounds every run.',
}));
/** A route file: `routes.ts` or `*-routes.ts` anywhere in the server. */
const routeFiles = [`${serverSrc}/**/routes.ts`, `${serverSrc}/**/*-routes.ts`];
/** Every other module file that is neither a route, a repository nor a test: the service layer. */
const serviceFiles = [`${serverSrc}/modules/**/*-service.ts`, `${serverSrc}/modules/**/*-processing.ts`, `${serverSrc}/modules/**/*-producer.ts`];
const repositoryImports = {
  group: ['**/*-repository', '**/*-repository.ts'],
  allowTypeImports: true,
  message: 'Routes call services, never repositories (docs/ARCHITECTURE.md, "Layers"): add or use a function of the module\'s service.',
};
const kyselySql = {
  name: 'kysely',
  importNames: ['sql'],
  allowTypeImports: true,
  message: 'SQL is built only in repositories (*-repository.ts) and db/: move the statement into the module\'s repository.',
};
const queryBuildingMessage = 'SQL is built only in repositories (*-repository.ts) and db/ (docs/ARCHITECTURE.md, "Layers"): move the statement into the module\'s repository and call it.';
const queryBuilding = [
  { selector: "CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)$/]", message: queryBuildingMessage },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: queryBuildingMessage },
  { selector: "CallExpression[callee.object.name='sql']", message: queryBuildingMessage },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: { allowDefaultProject: ['*.ts'] }, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // Resolve the workspace's TypeScript files so no-cycle sees real edges, and never walk into dependencies.
      'import-x/resolver-next': [createTypeScriptImportResolver({ noWarnOnMultipleProjects: true, project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'] })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Fastify plugins and hooks are async by convention, awaiting or not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Every ffmpeg and ffprobe the server runs is bounded (memory, CPU, wall time, nice) and bound to the
    // server's life: media/media-tools.ts launches them through media/tool-processes.ts, the only place a
    // process may be started (issue 20).
    files: [`${serverSrc}/**/*.ts`],
    ignores: [`${serverSrc}/media/tool-processes.ts`, `${serverSrc}/media/tool-processes.test.ts`],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: childProcessPaths }] },
  },
  {
    // Layers of the server (docs/ARCHITECTURE.md, "Layers"): a route holds HTTP — validation, access,
    // status codes — and calls services; it never reaches a repository.
    files: routeFiles,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [...childProcessPaths, kyselySql], patterns: [repositoryImports] }] },
  },
  {
    // Only repositories (and the db/ folder: connection, migrations) build SQL. Everything else — services,
    // jobs, plugins, routes — asks a repository.
    files: [`${serverSrc}/**/*.ts`],
    ignores: [`${serverSrc}/**/*-repository.ts`, `${serverSrc}/db/**`, `${serverSrc}/**/*.test.ts`],
    rules: { 'no-restricted-syntax': ['error', ...queryBuilding] },
  },
  {
    files: serviceFiles,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [...childProcessPaths, kyselySql] }] },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@tanstack/query/exhaustive-deps': 'error',
      '@tanstack/query/prefer-query-options': 'error',
      // Feature folders: shared code never imports a feature; features never import each other or the app.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: `${webSrc}/components`, from: [`${webSrc}/features`, `${webSrc}/app`] },
            { target: `${webSrc}/lib`, from: [`${webSrc}/features`, `${webSrc}/app`] },
            { target: `${webSrc}/utils`, from: [`${webSrc}/features`, `${webSrc}/app`] },
            { target: `${webSrc}/features`, from: `${webSrc}/app` },
            ...featureZones,
          ],
        },
      ],
    },
  },
);
