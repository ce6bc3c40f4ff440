import { act } from '@testing-library/react';

/** Sets the window's width and tells the app, as a phone or a resized browser would (the layout listens to resize). */
export function setViewportWidth(width: number): void {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

/** jsdom's default width (desktop). */
export const DESKTOP_WIDTH = 1024;
