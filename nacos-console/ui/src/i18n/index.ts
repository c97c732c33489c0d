/**
 * The console's languages: every text it shows is a key of the English messages, and the Chinese
 * messages must have every key (the type check fails the build otherwise). The language is the
 * user's choice, remembered in this browser, else the browser's own language.
 */
import { useSyncExternalStore } from 'react';
import { en } from './en';
import { zh } from './zh';

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
export type Language = 'en-US' | 'zh-CN';
type Params = Record<string, string | number>;

export const LANGUAGES: Record<Language, { label: string; messages: Messages }> = {
  'en-US': { label: 'English', messages: en },
  'zh-CN': { label: '简体中文', messages: zh },
};

const STORAGE_KEY = 'nacos.language';

/** A stored choice wins; else Chinese for a browser that prefers any Chinese, English otherwise. */
export function pickLanguage(stored: string | null, preferred: readonly string[]): Language {
  if (stored === 'en-US' || stored === 'zh-CN') {
    return stored;
  }
  for (const each of preferred) {
    const lower = each.toLowerCase();
    if (lower.startsWith('zh')) {
      return 'zh-CN';
    }
    if (lower.startsWith('en')) {
      return 'en-US';
    }
  }
  return 'en-US';
}

function initial(): Language {
  if (typeof window === 'undefined') {
    return 'en-US';
  }
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the browser's language still applies.
  }
  return pickLanguage(stored, window.navigator.languages ?? [window.navigator.language]);
}

let current: Language = initial();
if (typeof document !== 'undefined') {
  document.documentElement.lang = current;
}
const listeners = new Set<() => void>();

export function language(): Language {
  return current;
}

export function setLanguage(next: Language): void {
  current = next;
  try {
    window.localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Not remembered, but switched for this page.
  }
  document.documentElement.lang = next;
  listeners.forEach((listener) => listener());
}

/** The language, re-rendering the caller when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, () => current, () => current);
}

/** The text of {@code key} in the current language, with its {name} placeholders filled. */
export function t(key: MessageKey, params?: Params): string {
  return format(LANGUAGES[current].messages[key], params);
}

/** Keys that come in a singular and a plural form, {@code base.one} and {@code base.other}. */
type PluralBase = { [K in MessageKey]: K extends `${infer B}.one` ? B : never }[MessageKey];

/** The form of {@code base} for a count of {@code n}, with {n} filled. */
export function tn(base: PluralBase, n: number, params?: Params): string {
  const key = (n === 1 ? `${base}.one` : `${base}.other`) as MessageKey;
  return t(key, { n, ...params });
}

export function format(text: string, params?: Params): string {
  if (!params) {
    return text;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
