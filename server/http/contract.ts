import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Operation {
  operationId: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: unknown[];
  requestBody?: { required?: boolean; content?: Record<string, unknown> };
  responses: Record<string, unknown>;
  [extension: `x-${string}`]: unknown;
}

export interface Contract {
  security?: Array<Record<string, string[]>>;
  paths: Record<string, Record<string, Operation>>;
  [key: string]: unknown;
}

/** The bundled contract file, served as it is at /api/openapi.json. */
export const contractPath = fileURLToPath(new URL('../../openapi/gen/openapi.json', import.meta.url));

/** The bundled contract (`npm run gen` writes it from openapi/openapi.yaml). */
export function loadContract(path = contractPath): Contract {
  return JSON.parse(readFileSync(path, 'utf8')) as Contract;
}

export interface OperationInfo {
  method: string;
  path: string;
  operation: Operation;
  /** false for `security: []` (public calls) */
  secured: boolean;
  /** The contract lists a 429 answer: the call is rate limited. */
  rateLimited: boolean;
}

export function operationsOf(contract: Contract): Map<string, OperationInfo> {
  const result = new Map<string, OperationInfo>();
  for (const [path, item] of Object.entries(contract.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation || typeof operation !== 'object' || !operation.operationId) continue;
      const security = operation.security ?? contract.security ?? [];
      result.set(operation.operationId, {
        method: method.toUpperCase(),
        path,
        operation,
        secured: security.length > 0 && security.every((s) => Object.keys(s).length > 0),
        rateLimited: '429' in operation.responses,
      });
    }
  }
  return result;
}

/** Every media type the contract names, in request bodies and responses. */
export function mediaTypesOf(contract: Contract): Set<string> {
  const types = new Set<string>();
  for (const item of Object.values(contract.paths)) {
    for (const operation of Object.values(item)) {
      if (!operation || typeof operation !== 'object') continue;
      for (const type of Object.keys(operation.requestBody?.content ?? {})) types.add(type);
      for (const response of Object.values(operation.responses ?? {})) {
        const content = (response as { content?: Record<string, unknown> }).content;
        for (const type of Object.keys(content ?? {})) types.add(type);
      }
    }
  }
  return types;
}
