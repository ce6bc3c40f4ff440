/**
 * Fully mocked mode: MSW answers every API call in the browser. On by default in development,
 * off by default in production builds; VITE_MOCK=on or off decides explicitly (the e2e build sets on).
 */
export const MOCK_MODE: boolean = import.meta.env.VITE_MOCK
  ? import.meta.env.VITE_MOCK !== 'off'
  : import.meta.env.MODE !== 'production';
