import { afterEach, describe, expect, it } from 'vitest';
import { setColorMode, startColorMode } from '../../../src/app/color-mode';

afterEach(() => setColorMode('system'));

describe('the colour mode', () => {
  it('applies the choice to <html>, keeps it on the device, and follows the system without one', () => {
    startColorMode();
    const root = document.documentElement;
    setColorMode('dark');
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.colorScheme).toBe('dark');
    expect(localStorage.getItem('cdn_color_mode')).toBe('dark');

    setColorMode('light');
    expect(root.classList.contains('dark')).toBe(false);
    expect(root.classList.contains('light')).toBe(true);

    // No choice: the system's (light in the test browser), and nothing kept.
    setColorMode('system');
    expect(localStorage.getItem('cdn_color_mode')).toBeNull();
    const systemDark = matchMedia('(prefers-color-scheme: dark)').matches;
    expect(root.classList.contains('dark')).toBe(systemDark);
  });
});
