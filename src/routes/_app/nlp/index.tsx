import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/nlp/')({
  staticData: { redirect: '/nlp/machine' },
});
