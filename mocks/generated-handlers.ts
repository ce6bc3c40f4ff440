import type { RequestHandler } from 'msw';
import { consistent } from './consistency';

type Factory = (override?: () => unknown) => RequestHandler;

// The handlers orval generated from the contract (mocks/gen), each answering with its generated response
// made consistent (mocks/consistency). A new tag's handlers join without a list to update.
const modules = import.meta.glob<Record<string, unknown>>('./gen/*/*.msw.ts', { eager: true });

function settledHandlers(module: Record<string, unknown>): RequestHandler[] {
  return Object.entries(module).flatMap(([name, factory]) => {
    const operation = /^get(\w+)MockHandler$/.exec(name)?.[1];
    const response = operation && module[`get${operation}ResponseMock`];
    if (typeof factory !== 'function' || typeof response !== 'function') return [];
    return [(factory as Factory)(() => consistent((response as () => unknown)()))];
  });
}

export const generatedHandlers: RequestHandler[] = Object.keys(modules)
  .sort()
  .flatMap((path) => settledHandlers(modules[path]));
