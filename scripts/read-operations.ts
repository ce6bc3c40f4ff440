// Operation ids marked `x-moyan-read: true` in the contract: POST calls that only read, which
// orval must generate as useQuery hooks rather than mutations.
import { readFileSync } from 'node:fs';

type Operation = { operationId?: string; 'x-moyan-read'?: boolean };

export function readOperationIds(path = 'openapi/gen/openapi.json'): string[] {
  const doc = JSON.parse(readFileSync(path, 'utf8')) as { paths: Record<string, Record<string, Operation>> };
  return Object.values(doc.paths)
    .flatMap((item) => Object.values(item))
    .filter((op) => op['x-moyan-read'] === true && op.operationId)
    .map((op) => op.operationId as string)
    .sort();
}
