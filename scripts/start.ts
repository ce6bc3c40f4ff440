// `npm start`: build the SPA if its sources changed, then run the server in this same process (one
// TypeScript start-up instead of two).
import { buildIfChanged } from './build-if-changed';

buildIfChanged();
await import('../server/server');
