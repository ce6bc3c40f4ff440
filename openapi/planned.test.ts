import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { handlers } from '../server/handlers';
import { isNotImplemented } from '../server/handlers/not-implemented';

// `x-moyan-status: planned` marks the operations this instance answers with its 501 placeholder
// (server/handlers/not-implemented.ts). The marker and the placeholders must agree both ways: a service
// that gets built drops the marker, its 501 answer and the 规划中 note in the same change.

type Operation = {
  operationId: string;
  description?: string;
  responses: Record<string, { $ref?: string }>;
  'x-moyan-status'?: string;
};
const doc = JSON.parse(readFileSync('openapi/gen/openapi.json', 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};
const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
const planned = (op: Operation) => op['x-moyan-status'] === 'planned';
const placeholder = (op: Operation) => isNotImplemented(handlers[op.operationId as keyof typeof handlers]);

describe('operations marked x-moyan-status: planned', () => {
  it('uses no other status value', () => {
    const others = operations.filter((op) => op['x-moyan-status'] !== undefined && !planned(op));
    expect(others.map((op) => op.operationId)).toEqual([]);
  });

  it('are exactly the operations whose handler is the 501 placeholder', () => {
    // Every area is built now (降AIGC was the last): the list may be empty, and must then stay empty on both sides.
    const placeholders = operations.filter(placeholder).map((op) => op.operationId);
    expect(operations.filter(planned).map((op) => op.operationId)).toEqual(placeholders);
  });

  it('say so in their description and list the 501 answer; built operations do neither', () => {
    const wrong = operations
      .filter((op) => {
        const says = op.description?.startsWith('规划中：本实例尚未提供') ?? false;
        const lists501 = op.responses['501']?.$ref === '#/components/responses/NotImplemented';
        return planned(op) ? !says || !lists501 : says || '501' in op.responses;
      })
      .map((op) => op.operationId);
    expect(wrong).toEqual([]);
  });
});
