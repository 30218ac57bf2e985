import { create } from 'zustand';
import { readString, STORAGE_KEYS, writeString } from './storage';

export type Theme = 'dark' | 'light';

/** The browser chrome colour per theme, so the status bar blends with the app. */
const THEME_COLOR: Record<Theme, string> = { dark: '#202020', light: '#ffffff' };

export function parseTheme(value: string | null): Theme {
  // Dark is the product's default look (spec: background #202020).
  return value === 'light' ? 'light' : 'dark';
}

function applyToDocument(theme: Theme) {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[theme]);
}

type ThemeState = { theme: Theme; setTheme: (theme: Theme) => void };

export const useThemeStore = create<ThemeState>()((set) => ({
  theme: parseTheme(readString(STORAGE_KEYS.theme)),
  setTheme: (theme) => {
    writeString(STORAGE_KEYS.theme, theme);
    applyToDocument(theme);
    set({ theme });
  },
}));

export function bootTheme(): void {
  applyToDocument(useThemeStore.getState().theme);
}
