import { http, HttpResponse } from 'msw';

const SERVICES = ['check', 'aigc', 'rewrite', 'paper', 'ppt', 'chat'] as const;

/** The instance's capabilities call answering with every service open and sign-up open or closed. */
export function capabilitiesHandler({ registrationOpen }: { registrationOpen: boolean }) {
  return http.get('*/api/base/system_api/f/capabilities', () =>
    HttpResponse.json({
      success: true,
      result: {
        services: Object.fromEntries(SERVICES.map((key) => [key, { available: true, reason: null }])),
        payment: { available: true, reason: null, channels: ['sandbox'] },
        registration: { open: registrationOpen },
      },
    }),
  );
}
