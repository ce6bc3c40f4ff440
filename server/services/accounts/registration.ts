import { AppError } from '../../errors';

/** REGISTRATION=closed: no new accounts, by the register call or by a first QR scan. */
export const registrationClosed = () =>
  new AppError(403, 'REGISTRATION_CLOSED', '本站暂未开放注册，请联系管理员开通账号；已有账号可直接登录');
