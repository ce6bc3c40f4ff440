// Bundles the hand-written, split contract (openapi/openapi.yaml + paths/ + components/) into one
// JSON document that orval, openapi-typescript, the server and the tests all read.
// Usage: tsx scripts/bundle-openapi.ts [source] [target]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { bundle, createConfig } from '@redocly/openapi-core';

const [source = 'openapi/openapi.yaml', target = 'openapi/gen/openapi.json'] = process.argv.slice(2);

const config = await createConfig({});
const { bundle: result, problems } = await bundle({ ref: source, config, dereference: false });
const errors = problems.filter((p) => p.severity === 'error');
if (errors.length > 0) {
  for (const p of errors) console.error(`${p.location[0]?.pointer ?? ''}: ${p.message}`);
  process.exit(1);
}
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(result.parsed, null, 2)}\n`);
console.log(`bundled ${source} -> ${target}`);
