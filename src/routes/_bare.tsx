import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/router/guard';

/** Standalone screens that still need the access guard: /404, /401, /gpt. */
export const Route = createFileRoute('/_bare')({
  beforeLoad: guard,
});
