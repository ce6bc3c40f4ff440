import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/papermachinesubmit')({
  staticData: { meta: { title: '强力降重', icon: 'strong' } },
});
