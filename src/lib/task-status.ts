/** A task waiting for or in the hands of a worker: it changes on its own, and cannot be deleted or redone yet. */
export function isUnderWay(status: string | undefined): boolean {
  return status === 'queued' || status === 'running';
}
