import type { AuthUser } from '../services/accounts/types';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook of secured operations. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    operationId?: string;
  }
}
