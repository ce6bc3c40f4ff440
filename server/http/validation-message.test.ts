import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { describeValidationError } from './validation-message';

const error = (keyword: string, instancePath: string, params: Record<string, unknown>): ErrorObject => ({
  keyword,
  instancePath,
  params,
  schemaPath: '#',
});

describe('Chinese validation messages', () => {
  it.each([
    [error('required', '', { missingProperty: 'title' }), 'title 不能为空'],
    [error('required', '/outline/0', { missingProperty: 'title' }), 'outline[0].title 不能为空'],
    [error('minLength', '/title', { limit: 1 }), 'title 不能为空'],
    [error('minLength', '/password', { limit: 8 }), 'password 长度不能少于 8'],
    [error('maxLength', '/title', { limit: 200 }), 'title 长度不能超过 200'],
    [error('type', '/pageSize', { type: 'integer' }), 'pageSize 应为整数'],
    [error('type', '/n', { type: 'string,null' }), 'n 应为字符串或空值'],
    [error('maximum', '/pageSize', { limit: 100 }), 'pageSize 不能大于 100'],
    [error('minimum', '/pageNo', { limit: 1 }), 'pageNo 不能小于 1'],
    [error('enum', '/mode', { allowedValues: ['rewrite', 'strong'] }), 'mode 应为以下值之一：rewrite、strong'],
    [error('enum', '/operation', { allowedValues: Array.from({ length: 20 }, (_, i) => `paperMachineCheckAigcMachineSubmit${i}`) }), 'operation 不是可用的取值（共 20 种，见接口文档）'],
    [error('pattern', '/phone', { pattern: '^1' }), 'phone 格式不正确'],
    [error('format', '/at', { format: 'date-time' }), 'at 格式不正确'],
    [error('maxItems', '/ids', { limit: 50 }), 'ids 不能超过 50 项'],
    [error('additionalProperties', '', { additionalProperty: 'x' }), 'x 不是可用的字段'],
    [error('type', '', { type: 'object' }), '请求体 应为对象'],
    [error('uploadedFile', '/file', {}), 'file 应为上传的文件，请选择文件后上传'],
  ])('%#: %s', (ajvError, message) => {
    expect(describeValidationError(ajvError, 'body')).toBe(message);
  });

  it('names the query string when the whole query is wrong', () => {
    expect(describeValidationError(error('type', '', { type: 'object' }), 'querystring')).toBe('查询参数 应为对象');
  });
});
