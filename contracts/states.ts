// Provider states shared by the consumer tests and the provider's state handlers.
export const PACT_USER = { username: 'zhangsan', password: 'Moyan2026!' };
export const PACT_TOKEN = 'mya_pact_zhangsan_0000000000000000000000000000000000000001';
export const PACT_QR_PENDING = 'qr-pact-pending';
export const PACT_QR_CONFIRMED = 'qr-pact-confirmed';
export const PACT_REPORT_ID = 'chk-pact-report';

export const STATES = {
  userExists: `user zhangsan exists with password ${PACT_USER.password}`,
  signedIn: `user zhangsan is signed in with token ${PACT_TOKEN}`,
  qrPending: `QR session ${PACT_QR_PENDING} is waiting for a scan`,
  qrConfirmed: `QR session ${PACT_QR_CONFIRMED} was confirmed by zhangsan`,
  packagesSeeded: 'packages are seeded',
  reportReady: `user zhangsan has a finished check report ${PACT_REPORT_ID}`,
} as const;
