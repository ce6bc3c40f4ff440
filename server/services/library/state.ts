import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { librarySize } from './scope';

export type LibraryState = 'empty' | 'small' | 'ready';

/** A library with fewer than `smallBelow` documents finds little, whatever the paper: say so. */
export function libraryState(documents: number, smallBelow: number): LibraryState {
  if (documents === 0) return 'empty';
  return documents < smallBelow ? 'small' : 'ready';
}

/** At start-up: a warning for the operator when checks would run against an empty or small library. */
export async function logLibraryState(db: Executor, log: Pick<FastifyBaseLogger, 'info' | 'warn'>, smallBelow: number): Promise<LibraryState> {
  const size = await librarySize(db);
  const state = libraryState(size.documents, smallBelow);
  const fields = { documents: size.documents, chars: size.chars, smallBelow };
  if (state === 'empty') {
    log.warn(fields, 'the reference library is empty: every check reports 0 %; load documents with `npm run cli -- corpus import`');
  } else if (state === 'small') {
    log.warn(fields, 'the reference library is small: checks find only what it holds; load more with `npm run cli -- corpus import`');
  } else {
    log.info(fields, 'reference library');
  }
  return state;
}
