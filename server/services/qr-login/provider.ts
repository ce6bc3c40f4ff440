import type { Deps } from '../../context';
import type { ClientIdentity } from '../../http/client-identity';

/** The desktop asking for a code: where it reached this server, and who it is for the free-check limits. */
export interface QrRequester extends ClientIdentity {
  baseUrl: string;
}

export interface QrSessionView {
  id: string;
  /** What the desktop renders as a QR code: the URL the phone opens. */
  qrCode: string;
  expiresAt: string;
}

/**
 * A QR login provider: the local one (a confirmation page on this server) or, later, a WeChat
 * official-account provider. The desktop side (create, then poll) is the same for every provider.
 */
export interface QrLoginProvider {
  create(deps: Deps, requester: QrRequester): Promise<QrSessionView>;
  /**
   * The id of the user who confirmed the session, handed out at most once; null while nobody has
   * confirmed yet. Throws 404 for an unknown id and 410 once expired or already used.
   */
  claim(deps: Deps, id: string): Promise<string | null>;
}
