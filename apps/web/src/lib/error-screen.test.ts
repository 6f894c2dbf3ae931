import { describe, expect, it } from 'vitest';
import { genericErrorTexts } from '@studio/contract/errors';
import { ApiError } from './api-error';
import { errorScreenTexts } from './error-screen';

const specific = new ApiError({ status: 403, code: 'ACCESS_DENIED', message: '접근 권한이 없습니다.' });

describe('errorScreenTexts', () => {
  it('replaces specific texts with the generic ones in production but keeps the code', () => {
    expect(errorScreenTexts(specific, 'production', 'ko')).toEqual({
      code: 'ACCESS_DENIED',
      title: genericErrorTexts.screenTitle,
      description: genericErrorTexts.screenDescription,
    });
  });

  it('shows the specific message outside production', () => {
    const texts = errorScreenTexts(specific, 'development', 'ko');
    expect(texts.code).toBe('ACCESS_DENIED');
    expect(texts.title).toBe('접근 권한이 없습니다.');
  });

  it('gives route responses and plain errors a code', () => {
    expect(errorScreenTexts({ status: 404, statusText: 'Not Found' }, 'production', 'ko').code).toBe('ROUTE_NOT_FOUND');
    expect(errorScreenTexts(new Error('boom'), 'production', 'ko')).toEqual({
      code: 'UNKNOWN_ERROR',
      title: genericErrorTexts.screenTitle,
      description: genericErrorTexts.screenDescription,
    });
  });

  it('never makes an unexpected exception the headline: the spec texts lead, the raw text is a detail outside production', () => {
    expect(errorScreenTexts(new Error('boom'), 'development', 'ko')).toEqual({
      code: 'UNKNOWN_ERROR',
      title: genericErrorTexts.screenTitle,
      description: genericErrorTexts.screenDescription,
      detail: 'boom',
    });
  });

  it('names a failed chunk load by its own code', () => {
    const failed = new TypeError('Failed to fetch dynamically imported module: http://localhost/studio/assets/home-1.js');
    expect(errorScreenTexts(failed, 'development', 'ko')).toMatchObject({ code: 'CLIENT_CHUNK_LOAD', title: genericErrorTexts.screenTitle });
    expect(errorScreenTexts(new TypeError('Importing a module script failed.'), 'production', 'ko').code).toBe('CLIENT_CHUNK_LOAD');
  });
});
