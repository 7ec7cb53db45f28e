import { useSyncExternalStore } from 'react';
import { readColorMode, storageKeys, writeColorMode, type ColorModeChoice } from '../api';

export type ColorMode = 'light' | 'dark';

/**
 * The console's colour mode: the one chosen in the top bar (kept on this device), else the
 * system's, followed as it changes. Chakra's semantic tokens switch on the `dark` class of
 * `<html>`; `color-scheme` gives the browser's own parts (scroll bars, date pickers) the same mode.
 * A few lines of our own rather than a theme library: nothing else reads or writes it.
 */
const darkQuery = (): MediaQueryList | null =>
  typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

const listeners = new Set<() => void>();
let choice: ColorModeChoice = readColorMode();

function resolved(): ColorMode {
  if (choice !== 'system') return choice;
  return darkQuery()?.matches ? 'dark' : 'light';
}

function apply() {
  const root = document.documentElement;
  const mode = resolved();
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
}

function changed() {
  apply();
  for (const listener of listeners) listener();
}

/** Applies the mode before the first paint and follows the system and other tabs from then on. */
export function startColorMode() {
  apply();
  darkQuery()?.addEventListener('change', () => {
    if (choice === 'system') changed();
  });
  addEventListener('storage', (event) => {
    if (event.key !== storageKeys.colorMode) return;
    choice = readColorMode();
    changed();
  });
}

export function setColorMode(next: ColorModeChoice) {
  choice = next;
  writeColorMode(next);
  changed();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The choice (`system` when none) and the mode it gives now. */
export function useColorMode(): { choice: ColorModeChoice; mode: ColorMode } {
  const current = useSyncExternalStore(subscribe, () => choice);
  const mode = useSyncExternalStore(subscribe, resolved);
  return { choice: current, mode };
}
