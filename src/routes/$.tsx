import { createFileRoute, redirect } from '@tanstack/react-router';

/** Any unknown path goes to /login (which sends a signed-in user on to /). */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/login', replace: true });
  },
});
