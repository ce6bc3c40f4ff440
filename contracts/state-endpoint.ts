import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../server/context';
import { AppError, badRequest } from '../server/errors';
import { providerStates } from './provider-states';

/** Where the Pact verifier asks this server to set up a provider state (contracts/README.md). */
export const PROVIDER_STATES_PATH = '/_pact/provider-states';

// The state-change request of the Pact verifier (--provider-states-setup-url): a JSON body, teardowns included.
const stateChange = z.object({
  // The verifier sends an empty state before an interaction that names none.
  state: z.string().max(1000),
  params: z.record(z.string(), z.unknown()).nullish(),
  action: z.enum(['setup', 'teardown']).default('setup'),
});

type StateFunction = (params?: Record<string, unknown>) => Promise<Record<string, unknown> | undefined | void>;
type StateHandler = StateFunction | { setup?: StateFunction; teardown?: StateFunction };

/**
 * Test mode only (PACT_PROVIDER_STATES=on, refused in production by config.ts): the Pact provider-state
 * endpoint. It runs the handler of provider-states.ts named by `state`, which seeds this server's own
 * database, and answers the values the handler returns ({} when none) for the verifier to inject into the
 * interaction. Deliberately not in the contract: it is test tooling, not API, brought to buildApp as a
 * testRoutes by the test side (provider.ts, serve.ts); the server's own entry points never import it.
 */
export async function registerProviderStates(app: FastifyInstance, context: AppContext): Promise<void> {
  if (!context.config.PACT_PROVIDER_STATES) return;
  const handlers = providerStates(context) as Record<string, StateHandler>;

  app.post(PROVIDER_STATES_PATH, async (request) => {
    const parsed = stateChange.safeParse(request.body);
    if (!parsed.success) throw badRequest('需要 JSON 请求体 {state, params, action: setup | teardown}');
    const { state, params, action } = parsed.data;
    if (state === '') return {};
    const handler = Object.hasOwn(handlers, state) ? handlers[state] : undefined;
    if (!handler) throw new AppError(400, 'UNKNOWN_PROVIDER_STATE', `未知的测试状态：${state}`);
    const step = typeof handler === 'function' ? (action === 'setup' ? handler : undefined) : handler[action];
    try {
      return (await step?.(params ?? {})) ?? {};
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new AppError(500, 'PROVIDER_STATE_FAILED', `测试状态准备失败：${state}：${reason}`);
    }
  });
}
