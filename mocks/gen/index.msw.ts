export { getAuthMock } from './auth/auth.msw'
