import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The two conventions of features/README.md, checked on the real files:
 * 1. a hook that wraps an API call lives in that call's API file (features/<f>/api/), so nothing in
 *    features/<f>/hooks/ runs a query or a mutation, or calls the API client, itself;
 * 2. an expected failure comes back as a value through lib/result.ts (asResult), so no code outside
 *    lib/ catches an error and decides on it as an ApiError (its class, code or status, or a 401).
 */
const src = fileURLToPath(new URL('../', import.meta.url));
const walk = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
const sources = walk(src)
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes(`${sep}testing${sep}`))
  .map((file) => ({ file: relative(src, file).split(sep).join('/'), text: readFileSync(file, 'utf8') }));

const queryHooks = new Set(['useQuery', 'useSuspenseQuery', 'useQueries', 'useSuspenseQueries', 'useInfiniteQuery', 'useSuspenseInfiniteQuery', 'useMutation', 'queryOptions', 'infiniteQueryOptions']);
const apiClientNames = new Set(['apiClient', 'request']);

const parse = (file: string, text: string) => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

/** What a file under features/<f>/hooks/ imports that belongs in an API file. */
export function apiCallsInHook(file: string, text: string): string[] {
  const found: string[] = [];
  for (const statement of parse(file, text).statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const from = statement.moduleSpecifier.text;
    const bindings = statement.importClause?.namedBindings;
    const names = bindings && ts.isNamedImports(bindings) ? bindings.elements.map((element) => (element.propertyName ?? element.name).text) : [];
    if (from === '@tanstack/react-query') found.push(...names.filter((name) => queryHooks.has(name)).map((name) => `${name} (from ${from})`));
    if (/\/lib\/api-client$/.test(from)) found.push(...names.filter((name) => apiClientNames.has(name)).map((name) => `${name} (from ${from})`));
  }
  return found;
}

/** Decisions on an ApiError taken in a catch clause or a .catch() handler (line: what was found). */
export function apiErrorDecisionsInCatch(file: string, text: string): string[] {
  const source = parse(file, text);
  const found: string[] = [];
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const inspect = (body: ts.Node, caught: string | undefined) => {
    const visit = (node: ts.Node): void => {
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword && node.right.getText(source) === 'ApiError') {
        found.push(`${line(node)}: instanceof ApiError`);
      } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ['isApiError', 'isUnauthorized'].includes(node.expression.text)) {
        found.push(`${line(node)}: ${node.expression.text}()`);
      } else if (caught && ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === caught && ['code', 'status'].includes(node.name.text)) {
        found.push(`${line(node)}: ${caught}.${node.name.text}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(body);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCatchClause(node)) {
      const name = node.variableDeclaration && ts.isIdentifier(node.variableDeclaration.name) ? node.variableDeclaration.name.text : undefined;
      inspect(node.block, name);
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'catch') {
      const handler = node.arguments[0];
      if (handler && (ts.isArrowFunction(handler) || ts.isFunctionExpression(handler))) {
        const parameter = handler.parameters[0];
        inspect(handler.body, parameter && ts.isIdentifier(parameter.name) ? parameter.name.text : undefined);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the checks themselves', () => {
  it('find a query, a mutation or the API client in a hooks/ file, and leave other hooks alone', () => {
    const planted = "import { useMutation, useQueryClient } from '@tanstack/react-query';\nimport { apiClient } from '../../../lib/api-client';\n";
    expect(apiCallsInHook('x.ts', planted)).toEqual(['useMutation (from @tanstack/react-query)', 'apiClient (from ../../../lib/api-client)']);
    expect(apiCallsInHook('x.ts', "import { useQueryClient } from '@tanstack/react-query';\nimport { useReadNotification } from '../api/read-notification';\n")).toEqual([]);
  });

  it('find a catch that decides on an ApiError, and leave other catches alone', () => {
    const planted = [
      'try { await go(); } catch (error) { if (isUnauthorized(error)) throw error; }',
      'try { await go(); } catch (error) { if (error instanceof ApiError) return; }',
      "try { await go(); } catch (e) { return e.code === 'X'; }",
      'void go().catch((error) => isApiError(error) && error.status);',
    ].join('\n');
    expect(apiErrorDecisionsInCatch('x.ts', planted)).toEqual(['1: isUnauthorized()', '2: instanceof ApiError', '3: e.code', '4: isApiError()', '4: error.status']);
    const fine = [
      'try { await go(); } catch { showToast(failed); }',
      'try { response = await fetch(url); } catch (cause) { throw new ApiError({ status: 0, code: "CLIENT_NETWORK", message: "", cause }); }',
      'void go().catch(() => undefined);',
    ].join('\n');
    expect(apiErrorDecisionsInCatch('x.ts', fine)).toEqual([]);
  });
});

describe('the web follows features/README.md', () => {
  it('reads real files', () => {
    expect(sources.map((source) => source.file)).toContain('features/invitations/api/get-invite.ts');
    expect(sources.filter((source) => /^features\/[^/]+\/hooks\//.test(source.file)).length).toBeGreaterThan(5);
  });

  it('keeps every hook that wraps an API call in its API file, not in hooks/', () => {
    const misplaced = sources
      .filter((source) => /^features\/[^/]+\/hooks\//.test(source.file))
      .flatMap((source) => apiCallsInHook(source.file, source.text).map((what) => `${source.file}: ${what}`));
    expect(misplaced, 'move the hook into the API file of the call it wraps (features/README.md)').toEqual([]);
  });

  it('handles an expected failure only through lib/result.ts: no catch outside lib/ decides on an ApiError', () => {
    const decisions = sources
      .filter((source) => !source.file.startsWith('lib/'))
      .flatMap((source) => apiErrorDecisionsInCatch(source.file, source.text).map((what) => `${source.file}:${what}`));
    expect(decisions, "use asResult(call, expectedCodes or 'anyRefusal') of lib/result.ts (features/README.md)").toEqual([]);
  });
});
