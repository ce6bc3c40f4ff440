import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../errors';

// Node hands over the bytes it choked on as rawPacket (a Buffer; Fastify's types call it otherwise).
type ClientError = Error & { code?: string; rawPacket?: unknown };

// Node's parser counts the request line and the headers together against its 16 KB limit; a first line
// this long means the URL is what overflowed.
const LONG_REQUEST_LINE = 8 * 1024;

/**
 * What the HTTP server answers when a request cannot even be parsed (Fastify's clientErrorHandler,
 * Node's 'clientError'): the error envelope with a Chinese message instead of Node's or Fastify's
 * English body. Nothing of the request is logged.
 */
export function clientErrorHandler(this: FastifyInstance, error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] = answerFor(error);
  this.log.info({ code, cause: error.code }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(errorBody(code, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function answerFor(error: ClientError): [number, string, string] {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'REQUEST_TIMEOUT', '请求超时，请检查网络后重试'];
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return requestLineLength(error.rawPacket) > LONG_REQUEST_LINE
      ? [414, 'URI_TOO_LONG', '请求地址过长，请缩短后重试']
      : [431, 'HEADERS_TOO_LARGE', '请求头过大，请清除本站的 Cookie 后重试'];
  }
  return [400, 'BAD_REQUEST', '请求格式不正确，无法处理'];
}

function requestLineLength(packet: unknown): number {
  if (!Buffer.isBuffer(packet)) return 0;
  const end = packet.indexOf('\r\n');
  return end === -1 ? packet.length : end;
}
