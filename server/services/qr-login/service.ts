import { type Deps, withDb } from '../../context';
import { issueToken, type SignInOrigin } from '../accounts/tokens';
import type { QrLoginProvider, QrPoller } from './provider';

/** val_login_qr_code: the access token once the phone confirmed (claim and token in one transaction). */
export function pollQrLogin(deps: Deps, provider: QrLoginProvider, id: string, poller: QrPoller, origin: SignInOrigin): Promise<string | null> {
  return deps.db.transaction(async (tx) => {
    const txDeps = withDb(deps, tx);
    const userId = await provider.claim(txDeps, id, poller);
    if (!userId) return null;
    const token = await issueToken(txDeps, userId, origin);
    return token.access_token;
  });
}
