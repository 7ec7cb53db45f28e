import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearOnLogout,
  readAccountSource,
  readDefaultPath,
  readActiveAccount,
  readHeaderInfo,
  readLanguage,
  readToken,
  storageKeys,
  writeAccountSource,
  writeDefaultPath,
  writeActiveAccount,
  writeHeaderInfo,
  writeLanguage,
  writeToken,
} from '../../../src/api';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('storage keys', () => {
  it('uses the agreed names', () => {
    expect(storageKeys).toEqual({
      token: 'cdn_token',
      tokenOwner: 'cdn_token_owner',
      headerInfo: 'cdn_header_info',
      language: 'cdn_language',
      colorMode: 'cdn_color_mode',
      defaultPath: 'cdn_default_path',
      bootCache: 'cdn_boot_cache',
      activeAccount: 'cdn_active_account',
      accountSource: 'cdn_account_source',
      authState: 'cdn_auth_state',
      returnTo: 'cdn_return_to',
    });
  });
});

describe('token and header info', () => {
  it('round-trips the token in localStorage cdn_token', () => {
    expect(readToken()).toBeNull();
    writeToken('abc');
    expect(localStorage.getItem('cdn_token')).toBe('abc');
    expect(readToken()).toBe('abc');
  });

  it('stores header info as JSON in cdn_header_info', () => {
    writeHeaderInfo({ state: 's', session_state: 'ss', code: 'c' });
    expect(JSON.parse(localStorage.getItem('cdn_header_info') ?? 'null')).toEqual({
      state: 's',
      session_state: 'ss',
      code: 'c',
    });
    expect(readHeaderInfo()).toEqual({ state: 's', session_state: 'ss', code: 'c' });
  });

  it.each(['not json', '{"state":"s"}', '42', 'null'])('reads broken header info %j as null', (raw) => {
    localStorage.setItem('cdn_header_info', raw);
    expect(readHeaderInfo()).toBeNull();
  });
});

describe('language', () => {
  it.each([
    [null, 'zh_CN'],
    ['en_US', 'en_US'],
    ['zh_CN', 'zh_CN'],
    ['fr_FR', 'zh_CN'],
    ['en-US', 'zh_CN'],
  ])('stored %j reads as %s', (stored, expected) => {
    if (stored !== null) localStorage.setItem('cdn_language', stored);
    expect(readLanguage()).toBe(expected);
  });

  it('writes cdn_language, and shares it with the portal pages through a cookie', () => {
    writeLanguage('en_US');
    expect(localStorage.getItem('cdn_language')).toBe('en_US');
    expect(document.cookie).toContain('cdn_language=en_US');
    writeLanguage('zh_CN');
    expect(document.cookie).toContain('cdn_language=zh_CN');
    expect(document.cookie).not.toContain('en_US');
  });
});

describe('account source and active account (sessionStorage)', () => {
  it('defaults to portal and keeps canvas', () => {
    expect(readAccountSource()).toBe('portal');
    writeAccountSource('canvas');
    expect(sessionStorage.getItem('cdn_account_source')).toBe('canvas');
    expect(readAccountSource()).toBe('canvas');
  });

  it.each([
    [null, null],
    ['12', 12],
    ['0', null],
    ['-3', null],
    ['1.5', null],
    ['abc', null],
  ])('active account %j reads as %j', (stored, expected) => {
    if (stored !== null) sessionStorage.setItem('cdn_active_account', stored);
    expect(readActiveAccount()).toBe(expected);
  });

  it('writes the active account', () => {
    writeActiveAccount(42);
    expect(sessionStorage.getItem('cdn_active_account')).toBe('42');
    expect(readActiveAccount()).toBe(42);
  });
});

describe('default path (spec §2)', () => {
  it('keeps a console route, survives logout, and ignores anything else', () => {
    expect(readDefaultPath()).toBeNull();
    writeDefaultPath('/cdn/domain/list');
    clearOnLogout();
    expect(readDefaultPath()).toBe('/cdn/domain/list');
    for (const stored of ['/portal/login', 'https://evil.example.com/cdn/x', '/cdn/', '/cdn/x?y=1']) {
      localStorage.setItem('cdn_default_path', stored);
      expect(readDefaultPath(), stored).toBeNull();
    }
  });
});

describe('clearOnLogout (spec §4)', () => {
  it('removes every key containing token, the header info, the boot cache, the active account and account source', () => {
    for (const key of [
      'cdn_token',
      'my_token_x',
      'token',
      'TOKEN',
      'cdn_language',
      'cdn_boot_cache',
      'cdn_header_info',
    ]) {
      localStorage.setItem(key, 'v');
    }
    sessionStorage.setItem('cdn_active_account', '3');
    sessionStorage.setItem('cdn_account_source', 'canvas');
    sessionStorage.setItem('cdn_return_to', '/cdn/domain');

    clearOnLogout();

    const left = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).sort();
    // The spec names lower-case `token`; other keys stay.
    expect(left).toEqual(['TOKEN', 'cdn_language']);
    expect(sessionStorage.getItem('cdn_active_account')).toBeNull();
    expect(sessionStorage.getItem('cdn_account_source')).toBeNull();
    expect(sessionStorage.getItem('cdn_return_to')).toBe('/cdn/domain');
  });
});

describe('storage that throws (private mode)', () => {
  it('treats it as absent and never throws', () => {
    const broken = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const throwing = {
      getItem: broken,
      setItem: broken,
      removeItem: broken,
      key: broken,
      clear: broken,
      length: 1,
    };
    vi.stubGlobal('localStorage', throwing);
    vi.stubGlobal('sessionStorage', throwing);

    expect(() => writeToken('x')).not.toThrow();
    expect(readToken()).toBeNull();
    expect(readLanguage()).toBe('zh_CN');
    expect(readHeaderInfo()).toBeNull();
    expect(readActiveAccount()).toBeNull();
    expect(readAccountSource()).toBe('portal');
    expect(() => clearOnLogout()).not.toThrow();
  });

  it('treats a storage whose access throws as absent', () => {
    vi.stubGlobal('localStorage', undefined);
    const original = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage');
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      expect(readToken()).toBeNull();
      expect(readActiveAccount()).toBeNull();
      expect(() => writeActiveAccount(3)).not.toThrow();
      expect(() => clearOnLogout()).not.toThrow();
    } finally {
      if (original) Object.defineProperty(globalThis, 'sessionStorage', original);
      else Reflect.deleteProperty(globalThis, 'sessionStorage');
    }
  });
});
