import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { AppError, badRequest, unauthorized } from '../errors';
import type { FileResult, HandlerContext, Handlers, OperationId } from '../handlers/types';
import { resolveToken } from '../services/accounts/tokens';
import { modelFeatureOf, requireModel } from '../services/llm/required';
import { isCachedAnswer } from '../services/cached-answer';
import { addressBucket } from './client-identity';
import { type Contract, type OperationInfo, operationsOf } from './contract';
import { checkResponse } from './response-validation';
import { sendFile } from './send-file';

// Auth calls get the tightest limit; polling calls are made every few seconds by design; the 改写工作台
// re-checks on every pause in typing.
const POLLING = new Set(['loginValLoginQrCode', 'taskProgress']);
const WORKBENCH = new Set(['checkWorkbenchRecheck', 'checkWorkbenchSuggest', 'checkWorkbenchSuggestModel']);
// Reads of whole reports and documents (megabytes each): a limit of their own per user.
const HEAVY_READS = new Set([
  'checkReportParagraphs',
  'checkDownloadReport',
  'paperMachineDownload',
  'machineDownloadReport',
  'paperAigcDownloadReport',
  'paperAigcDownload',
  'paperInfoDownload',
  'aiPaperInfoDownload',
  'aiPptInfoDownload',
]);

/**
 * Registers every operation of the contract with fastify-openapi-glue (schemas, validation) and binds it
 * to its handler: authentication for secured calls, rate limits where the contract lists 429, the
 * request body's media type and presence, and the {success, result} envelope.
 */
export async function registerContractRoutes(
  app: FastifyInstance,
  contract: Contract,
  handlers: Handlers,
  context: AppContext,
): Promise<void> {
  const operations = operationsOf(contract);
  const missing = [...operations.keys()].filter((id) => !(id in handlers));
  if (missing.length > 0) throw new Error(`Operations without a handler: ${missing.join(', ')}`);

  await app.register(openapiGlue, {
    specification: contract,
    operationResolver: (operationId: string) => {
      const info = operations.get(operationId);
      if (!info) throw new Error(`Unknown operation ${operationId}`);
      return routeFor(info, handlers[operationId as OperationId] as never, context);
    },
  });
}

type AnyHandler = (ctx: HandlerContext<OperationId>) => unknown;

function routeFor(info: OperationInfo, handler: AnyHandler, context: AppContext): RouteOptions {
  const { operation } = info;
  const onRequest = info.secured ? [authenticate(context)] : [];
  const modelFeature = modelFeatureOf(operation);
  return {
    method: info.method as RouteOptions['method'],
    url: info.path.replace(/{(\w+)}/g, ':$1'),
    onRequest,
    preValidation: [checkBody(info)],
    preHandler: modelFeature ? [requireModel(context.llm, modelFeature)] : [],
    config: {
      operationId: operation.operationId,
      ...(info.rateLimited ? { rateLimit: rateLimitFor(info, context.config) } : {}),
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const ctx = {
        query: request.query,
        body: request.body,
        app: context,
        request,
        reply,
        get user() {
          if (!request.user) throw unauthorized();
          return request.user;
        },
      } as HandlerContext<OperationId>;
      const result = await handler(ctx);
      if (result === reply) return reply;
      if (isFileResult(result)) return sendFile(reply, result);
      if (isCachedAnswer(result)) {
        const bytes = await context.answers.get(result.key, async () => {
          const envelope = { success: true, result: await result.build() };
          if (context.config.VALIDATE_RESPONSES) checkResponse(request, 200, envelope);
          return Buffer.from(JSON.stringify(envelope));
        });
        return reply.type('application/json; charset=utf-8').send(bytes);
      }
      return { success: true, result: result ?? null };
    },
  };
}

function isFileResult(value: unknown): value is FileResult {
  return typeof value === 'object' && value !== null && (value as FileResult).kind === 'file';
}

function authenticate(context: AppContext) {
  return async (request: FastifyRequest) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match) throw unauthorized();
    const user = await resolveToken(context, match[1]);
    if (!user) throw unauthorized();
    request.user = user;
  };
}

// fastify validates only a body whose media type the route declares, so a missing required body and a
// body of an undeclared media type are rejected here (after parsing; an empty body parses to undefined).
// A call that takes no body ignores one (some clients send {} with every POST).
function checkBody(info: OperationInfo) {
  const body = info.operation.requestBody;
  const mediaTypes = Object.keys(body?.content ?? {});
  return async (request: FastifyRequest) => {
    if (mediaTypes.length === 0) {
      request.body = undefined;
      return;
    }
    if (request.body === undefined || request.body === null) {
      if (body?.required) throw badRequest('请求体不能为空');
      return;
    }
    const mediaType = String(request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (!mediaTypes.includes(mediaType)) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `请求内容类型应为 ${mediaTypes.join(' 或 ')}`);
    }
  };
}

function perMinute(info: OperationInfo, config: Config): number {
  const id = info.operation.operationId;
  if (POLLING.has(id)) return config.POLL_RATE_LIMIT_PER_MINUTE;
  if (WORKBENCH.has(id)) return config.WORKBENCH_RATE_LIMIT_PER_MINUTE;
  if (HEAVY_READS.has(id)) return config.READ_RATE_LIMIT_PER_MINUTE;
  if (info.path.startsWith('/api/base/login_api/')) return config.AUTH_RATE_LIMIT_PER_MINUTE;
  if (modelFeatureOf(info.operation) === 'chat') return config.CHAT_RATE_LIMIT_PER_MINUTE;
  return config.API_RATE_LIMIT_PER_MINUTE;
}

function rateLimitFor(info: OperationInfo, config: Config) {
  return {
    max: perMinute(info, config),
    timeWindow: 60_000,
    // Public calls are limited per address (IPv6 per /64, which one subscriber holds whole); signed-in
    // calls per user, so a campus NAT is not one bucket.
    keyGenerator: (request: FastifyRequest) =>
      info.secured && request.user ? `user:${request.user.id}` : `ip:${addressBucket(request.ip)}`,
  };
}
