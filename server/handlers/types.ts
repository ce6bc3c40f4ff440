import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { CachedAnswer } from '../services/cached-answer';
import type { operations } from '../gen/openapi';
import type { AuthUser } from '../services/accounts/types';

export type OperationId = keyof operations;

type Op<O extends OperationId> = operations[O];
type OkContent<O extends OperationId> = Op<O>['responses'] extends { 200: { content: infer C } } ? C : never;
type JsonOk<O extends OperationId> = OkContent<O> extends { 'application/json': infer B } ? B : never;
type RequestBody<O extends OperationId> = Op<O>['requestBody'];
type BodyContent<O extends OperationId> = NonNullable<RequestBody<O>> extends { content: infer C } ? C : never;

/** A file answer (downloads): sent with Content-Type and a UTF-8 Content-Disposition filename. */
export interface FileResult {
  kind: 'file';
  filename: string;
  contentType: string;
  body: Buffer | string | Readable;
  /** attachment (default) or inline */
  disposition?: 'attachment' | 'inline';
}

/** An uploaded multipart file, fully buffered (uploads are capped by UPLOAD_LIMIT_BYTES). */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/**
 * What a handler returns: the `result` of the JSON envelope, or for non-JSON operations a FileResult or
 * the reply itself after the handler wrote to it (streams).
 */
export type ResultOf<O extends OperationId> = [JsonOk<O>] extends [never]
  ? FileResult | FastifyReply
  : JsonOk<O> extends { result: infer R }
    ? R | CachedAnswer<R>
    : never;

export type QueryOf<O extends OperationId> = NonNullable<Op<O>['parameters']['query']>;

type MultipartBody<M> = Omit<M, 'file'> & { file?: UploadedFile };

export type BodyOf<O extends OperationId> =
  BodyContent<O> extends { 'application/json': infer B }
    ? undefined extends RequestBody<O>
      ? B | undefined
      : B
    : BodyContent<O> extends { 'multipart/form-data': infer M }
      ? MultipartBody<M>
      : undefined;

export interface HandlerContext<O extends OperationId> {
  query: QueryOf<O>;
  body: BodyOf<O>;
  app: AppContext;
  /** The signed-in user; throws 401 on a public operation called without a token. */
  readonly user: AuthUser;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<O extends OperationId> = (ctx: HandlerContext<O>) => Promise<ResultOf<O>> | ResultOf<O>;

/** One handler per operationId of the contract; a missing one fails the type check. */
export type Handlers = { [O in OperationId]: Handler<O> };

export type HandlerGroup<K extends OperationId> = { [O in K]: Handler<O> };
