import { type Deps, withDb } from '../../context';
import { AppError } from '../../errors';
import { assertNotThrottled, recordLoginFailure, registerProbeKey } from './login-throttle';
import { takeSignup } from './signup-limit';
import { type IssuedToken, issueToken, type SignInOrigin } from './tokens';
import { createUser, type NewUser } from './users';

/** REGISTRATION=closed: no new accounts, by the register call or by a first QR scan. */
export const registrationClosed = () =>
  new AppError(403, 'REGISTRATION_CLOSED', '本站暂未开放注册，请联系管理员开通账号；已有账号可直接登录');

/**
 * The register call: a password account and its first token. A 409 (name or phone taken) tells whether
 * an account exists, so those answers back off per address as failed logins do (REGISTER_THROTTLED), and
 * each new account counts against the address's sign-up limits (SIGNUP_LIMITED).
 */
export async function register(deps: Deps, input: NewUser, addressHash: string, origin: SignInOrigin): Promise<IssuedToken> {
  if (deps.config.REGISTRATION === 'closed') throw registrationClosed();
  const probes = registerProbeKey(addressHash);
  await assertNotThrottled(deps, probes, 'register');
  try {
    return await deps.db.transaction(async (tx) => {
      const txDeps = withDb(deps, tx);
      await takeSignup(txDeps, [addressHash]);
      const user = await createUser(txDeps, input);
      return issueToken(txDeps, user.id, origin);
    });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) await recordLoginFailure(deps, probes);
    throw error;
  }
}
