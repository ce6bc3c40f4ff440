import type { Deps } from '../../context';
import type { ClientIdentity } from '../client-identity';

/** The desktop asking for a code: where it reached this server, and who it is for the free-check limits. */
export interface QrRequester extends ClientIdentity {
  baseUrl: string;
}

/** The browser polling for the token: the hash of the device cookie it presented, null without one. */
export interface QrPoller {
  deviceHash: string | null;
}

export interface QrSessionView {
  /** What the desktop polls with; never part of qrCode. */
  id: string;
  /** What the desktop renders as a QR code: lets a phone confirm, never lets its holder poll. */
  qrCode: string;
  expiresAt: string;
  /** local: qrCode is our confirmation page, drawn as a QR code; wechat: WeChat's QR page, embedded in a frame. */
  provider: 'local' | 'wechat';
}

/**
 * A QR login provider: the local one (a confirmation page on this server) or WeChat website login
 * (wechat/provider.ts). The desktop side (create, then poll) is the same for every provider;
 * sessions.ts keeps the sessions for all of them.
 */
export interface QrLoginProvider {
  create(deps: Deps, requester: QrRequester): Promise<QrSessionView>;
  /**
   * The id of the user who confirmed the session, handed out at most once and only to the browser that
   * created it; null while nobody has confirmed yet. Throws 404 for an unknown id or another browser,
   * and 410 once expired or already used. Runs in pollQrLogin's transaction, with the token it issues.
   */
  claim(deps: Deps, id: string, poller: QrPoller): Promise<string | null>;
}
