// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, errorCatalogue } from '@studio/contract/errors';
import { errorCodeTextsEn } from './error-codes.en';
import { errorCodeTextsKo } from './error-codes.ko';
import { errorCodeText, getLocale, hasErrorCodeText, loadErrorTexts, LOCALE_STORAGE_KEY, setLocale, translate } from './i18n';
import { catalogueProblems } from './catalogue-checks';
import { messagesEn } from './messages.en';
import { messagesKo } from './messages.ko';
import { pageMessagesEn } from './pages.en';
import { pageMessagesKo } from './pages.ko';


describe.each([
  ['messages', messagesKo, messagesEn],
  ['pages', pageMessagesKo, pageMessagesEn],
] as const)('the %s catalogue', (_name, ko, en) => {
  it('has an English text for every Korean key, and no other keys', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ko).sort());
  });

  it('has no empty texts, the same arguments in both languages and no Korean in English', () => {
    expect(catalogueProblems(ko, en)).toEqual([]);
  });
});

describe('locale switching', () => {
  afterEach(async () => {
    await setLocale('ko');
  });

  it('uses the spec texts in Korean by default', () => {
    expect(getLocale()).toBe('ko');
    expect(translate('channelSelector.count', { count: 3 })).toBe('관리 채널 3개');
    expect(translate('channelSelector.empty')).toBe('운영 중인 채널이 없습니다');
    expect(translate('common.comingSoon')).toBe('준비 중입니다');
  });

  it('switches to English, stores the choice and updates the document language', async () => {
    await setLocale('en');
    expect(translate('channelSelector.count', { count: 3 })).toBe('3 managed channels');
    expect(translate('channelSelector.empty')).toBe('No channel in operation');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('gives every error code its text in the chosen language', async () => {
    // Not yet asked for: a code reads as the message the server sent with it (the logged-out toast has its own).
    expect(hasErrorCodeText('NOT_FOUND')).toBe(false);
    expect(errorCodeText('NOT_FOUND', 'ko', '서버의 문구')).toBe('서버의 문구');
    expect(errorCodeText('AUTH_UNAUTHORIZED')).toBe('현재 로그아웃 상태입니다. 로그인 후 다시 시도해 주세요.');
    // Korean texts arrive in their own chunk; then every code reads as the contract's message.
    await loadErrorTexts();
    for (const code of ErrorCode.options) expect(errorCodeText(code, 'ko'), code).toBe(errorCatalogue[code].message);
    // Asked for once, a switch brings the new locale's texts with its messages.
    await setLocale('en');
    expect(errorCodeText('AUTH_UNAUTHORIZED')).toBe('You are currently logged out. Log in and retry.');
    for (const code of ErrorCode.options) expect(errorCodeText(code), code).toBe(errorCodeTextsEn[code]);
  });

  it("loads only the active locale's error texts: English never waits for Korean's", async () => {
    vi.resetModules();
    const fresh = await import('./i18n');
    await fresh.setLocale('en');
    expect(fresh.hasErrorCodeText('NOT_FOUND', 'en')).toBe(false);
    await fresh.loadErrorTexts();
    expect(fresh.errorCodeText('NOT_FOUND')).toBe(errorCodeTextsEn.NOT_FOUND);
    expect(fresh.hasErrorCodeText('NOT_FOUND', 'ko')).toBe(false);
    await fresh.setLocale('ko');
    expect(fresh.errorCodeText('NOT_FOUND')).toBe(errorCatalogue.NOT_FOUND.message);
  });
});

describe('error code texts', () => {
  it('are in Korean the words of the contract catalogue (the spec texts), and never Korean in English', () => {
    for (const code of ErrorCode.options) {
      expect(errorCodeTextsKo[code], code).toBe(errorCatalogue[code].message);
      expect(errorCodeTextsEn[code], code).not.toMatch(/\p{Script=Hangul}/u);
    }
  });
});
