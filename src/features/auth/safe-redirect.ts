/** Only same-site paths are followed after login; anything else goes home. */
export function safeRedirect(target: unknown, fallback = '/'): string {
  return typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') ? target : fallback;
}
