import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { validateResponses } from './response-validation';

// The real app registers this hook when VALIDATE_RESPONSES is on (every non-production run).
async function appReturning(payload: unknown) {
  const app = Fastify({ logger: false });
  app.addHook('preSerialization', validateResponses);
  app.setErrorHandler((error: Error, _request, reply) => reply.code(500).send({ failed: error.message }));
  app.post(
    '/thing',
    {
      schema: {
        response: {
          200: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['success', 'result'],
                  properties: {
                    success: { type: 'boolean' },
                    result: {
                      type: 'object',
                      required: ['amountFen', 'paidAt'],
                      properties: { amountFen: { type: 'integer' }, paidAt: { type: 'string', nullable: true } },
                    },
                  },
                },
              },
            },
          },
        },
      },
      config: { operationId: 'thingLoad' },
    },
    async () => payload,
  );
  await app.ready();
  return app;
}

describe('response validation against the contract', () => {
  it('lets a conforming answer through', async () => {
    const app = await appReturning({ success: true, result: { amountFen: 5, paidAt: null } });
    const response = await app.inject({ method: 'POST', url: '/thing' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, result: { amountFen: 5, paidAt: null } });
  });

  it.each([
    [{ success: true, result: { amountFen: '5', paidAt: null } }, 'result.amountFen 应为整数'],
    [{ success: true, result: { paidAt: null } }, 'result.amountFen 不能为空'],
    [{ success: true, result: { amountFen: 5, paidAt: new Date(0) } }, 'result.paidAt 应为字符串'],
  ])('turns a handler answer of the wrong shape into a failure: %j', async (payload, where) => {
    const app = await appReturning(payload);
    const response = await app.inject({ method: 'POST', url: '/thing' });
    expect(response.statusCode).toBe(500);
    expect(response.json().failed).toContain('thingLoad');
    expect(response.json().failed).toContain(where);
  });
});
