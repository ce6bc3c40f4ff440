import Bowser from 'bowser';

const MAX_LENGTH = 80;

/**
 * What the account centre calls a signed-in device: the browser with its major version and the system,
 * read from the User-Agent it signed in with ("Chrome 138 · Windows", "WeChat 8 · iOS"); null when
 * nothing is recognised.
 */
export function describeDevice(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const parts = [browser.name && (major ? `${browser.name} ${major}` : browser.name), os.name].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ').slice(0, MAX_LENGTH) : null;
}
