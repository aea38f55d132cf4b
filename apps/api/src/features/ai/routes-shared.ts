import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../plugins/auth-guard.js';

// What every AI route file shares, so each lists its calls under one OpenAPI tag and reads the caller alike.
export const tags = ['ai'];

/** The signed-in caller's user id. */
export const me = (request: FastifyRequest) => principalOf(request).userId;
