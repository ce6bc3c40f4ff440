import type { FastifyRequest } from 'fastify';
import { addressHash } from '../http/client-identity';
import type { AuthUser } from '../services/accounts/types';
import type { Requester } from '../services/free-uses';

/** The signed-in account and the network address it asks from, for the daily free allowances. */
export const requesterOf = (user: AuthUser, request: FastifyRequest): Requester => ({ userId: user.id, addressHash: addressHash(request) });
