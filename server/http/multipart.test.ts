import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, signUp, type TestApp } from '../test/app';
import { dereference, type Schema, validValue } from '../test/schema-arbitraries';
import { expectNoChange } from '../test/snapshot';
import { loadContract, operationsOf } from './contract';

// Every upload call of the contract (check_init and the machine_init-style calls), found by media type.
const contract = loadContract();
const uploads = [...operationsOf(contract).values()].filter(
  (info) => 'multipart/form-data' in (info.operation.requestBody?.content ?? {}),
);

const part = (boundary: string, name: string, value: string, filename?: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n` +
  `${filename ? 'Content-Type: text/plain\r\n' : ''}\r\n${value}\r\n`;

const form = (boundary: string, ...parts: string[]) => `${parts.join('')}--${boundary}--\r\n`;

// Valid values for the call's other fields, so that the file field is what validation trips on.
function otherFields(operation: (typeof uploads)[number]['operation'], boundary: string): string[] {
  const content = dereference(operation.requestBody?.content ?? {}, contract) as Record<string, { schema: Schema }>;
  const schema = content['multipart/form-data'].schema;
  const text = Object.entries(schema.properties ?? {}).filter(([, property]) => property.format !== 'binary');
  const sample = fc.sample(validValue({ ...schema, properties: Object.fromEntries(text) }), { seed: 1, numRuns: 1 })[0];
  return Object.entries(sample as Record<string, unknown>).map(([name, value]) => part(boundary, name, String(value)));
}

const malformed: Array<[string, string, string | ((op: (typeof uploads)[number]['operation']) => string), number, string, string]> = [
  ['no boundary', 'multipart/form-data', form('b1', part('b1', 'title', '题目')), 400, 'MALFORMED_MULTIPART', '上传内容格式不正确，请重新选择文件上传'],
  ['a wrong boundary', 'multipart/form-data; boundary=other', form('b1', part('b1', 'title', '题目')), 400, 'MALFORMED_MULTIPART', '上传内容格式不正确，请重新选择文件上传'],
  ['a boundary longer than the parser takes', `multipart/form-data; boundary=${'x'.repeat(300)}`, form('x'.repeat(300), part('x'.repeat(300), 'title', '题目')), 400, 'MALFORMED_MULTIPART', '上传内容格式不正确，请重新选择文件上传'],
  ['a body cut short', 'multipart/form-data; boundary=b1', part('b1', 'title', '题目').slice(0, 40), 400, 'MALFORMED_MULTIPART', '上传内容格式不正确，请重新选择文件上传'],
  ['a text field named file', 'multipart/form-data; boundary=b1', (op) => form('b1', ...otherFields(op, 'b1'), part('b1', 'file', '正文')), 400, 'VALIDATION_FAILED', '请求参数不正确：file 应为上传的文件，请选择文件后上传'],
  ['two files', 'multipart/form-data; boundary=b1', form('b1', part('b1', 'title', '题目'), part('b1', 'file', '甲', 'a.txt'), part('b1', 'file', '乙', 'b.txt')), 413, 'PAYLOAD_TOO_LARGE', '一次只能上传一个文件'],
  ['a field named __proto__', 'multipart/form-data; boundary=b1', form('b1', part('b1', '__proto__', 'x')), 400, 'VALIDATION_FAILED', '请求参数不正确：表单字段名不可用'],
];

describe('malformed uploads are a 400 envelope on every upload call, never a 500', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signUp(t.app)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('the contract has the five upload calls', () => {
    expect(uploads.length).toBeGreaterThanOrEqual(5);
  });

  describe.each(uploads.map((info) => [info.operation.operationId, info] as const))('%s', (_id, info) => {
    it.each(malformed)('%s', async (_name, contentType, payload, status, code, message) => {
      const response = await expectNoChange(t.db, () =>
        t.app.inject({
          method: 'POST',
          url: info.path,
          payload: typeof payload === 'function' ? payload(info.operation) : payload,
          headers: { 'content-type': contentType, ...bearer(token) },
        }),
      );
      expect({ status: response.statusCode, error: body(response).error }).toEqual({ status, error: { code, message } });
    });
  });
});
