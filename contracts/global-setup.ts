import { mkdirSync, rmSync } from 'node:fs';
import { PACT_DIR } from './pact';

// Start from an empty pact file so removed interactions do not linger in the committed contract.
export default function setup(): void {
  rmSync(PACT_DIR, { recursive: true, force: true });
  mkdirSync(PACT_DIR, { recursive: true });
}
