// Regenerates src/routeTree.gen.ts from the file routes in src/routes without starting Vite, with the
// same options the router plugin in vite.config.ts uses, so `npm run gen` and the dev server agree.
import { fileURLToPath } from 'node:url';
import { Generator, getConfig } from '@tanstack/router-generator';

const root = fileURLToPath(new URL('..', import.meta.url));

const routerOptions = { target: 'react', autoCodeSplitting: true } as const;

const config = getConfig(routerOptions, root);
await new Generator({ config, root }).run();
