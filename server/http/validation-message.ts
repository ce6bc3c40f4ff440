import type { ErrorObject } from 'ajv';

const typeNames: Record<string, string> = {
  integer: '整数',
  number: '数字',
  string: '字符串',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: '空值',
};

const sourceNames: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

/** One Chinese sentence for the first ajv error, e.g. "title 不能为空" or "pageSize 不能大于 100". */
export function describeValidationError(error: ErrorObject, source = 'body'): string {
  const params = error.params as Record<string, unknown>;
  const path = fieldPath(error.instancePath);
  if (error.keyword === 'required') return `${join(path, String(params.missingProperty))} 不能为空`;
  if (error.keyword === 'additionalProperties') {
    return `${join(path, String(params.additionalProperty))} 不是可用的字段`;
  }
  const subject = path || sourceNames[source] || '参数';
  switch (error.keyword) {
    case 'type': {
      const expected = String(params.type)
        .split(',')
        .map((t) => typeNames[t] ?? t)
        .join('或');
      return `${subject} 应为${expected}`;
    }
    case 'minLength':
      return Number(params.limit) <= 1 ? `${subject} 不能为空` : `${subject} 长度不能少于 ${params.limit}`;
    case 'maxLength':
      return `${subject} 长度不能超过 ${params.limit}`;
    case 'minimum':
      return `${subject} 不能小于 ${params.limit}`;
    case 'maximum':
      return `${subject} 不能大于 ${params.limit}`;
    case 'exclusiveMinimum':
      return `${subject} 应大于 ${params.limit}`;
    case 'exclusiveMaximum':
      return `${subject} 应小于 ${params.limit}`;
    case 'minItems':
      return Number(params.limit) <= 1 ? `${subject} 不能为空` : `${subject} 至少需要 ${params.limit} 项`;
    case 'maxItems':
      return `${subject} 不能超过 ${params.limit} 项`;
    case 'uniqueItems':
      return `${subject} 不能有重复项`;
    case 'enum': {
      // A long list would not fit the envelope's message (500 characters); the contract lists them all.
      const allowed = params.allowedValues as unknown[];
      const listed = allowed.join('、');
      return listed.length <= 200 ? `${subject} 应为以下值之一：${listed}` : `${subject} 不是可用的取值（共 ${allowed.length} 种，见接口文档）`;
    }
    case 'const':
      return `${subject} 取值不正确`;
    case 'pattern':
    case 'format':
      return `${subject} 格式不正确`;
    case 'uploadedFile':
      return `${subject} 应为上传的文件，请选择文件后上传`;
    case 'minProperties':
      return `${subject} 不能为空`;
    default:
      return `${subject} 不符合要求`;
  }
}

// "/outline/0/title" -> "outline[0].title"
function fieldPath(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

function join(path: string, field: string): string {
  return path ? `${path}.${field}` : field;
}
