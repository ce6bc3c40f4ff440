import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AccountInfo } from '@/api/gen/model';
import { renderApp, signIn } from '@/test/render-app';
import { setupMockServer } from '@/test/mock-server';
import { ok } from '../../../mocks/envelope';

const server = setupMockServer();

const NOTICE = '当前网络今日领取首次免费查重的次数已达上限，该账号未获赠免费查重';

const account = (overrides: Partial<AccountInfo>): AccountInfo => ({
  userId: 'u1',
  loginName: 'qr_0123456789',
  phone: null,
  hasPassword: false,
  balanceFen: 0,
  freeCheckAvailable: false,
  freeCheckState: 'withheld',
  freeCheckNotice: null,
  totalRechargeFen: 0,
  totalSpentFen: 0,
  createdAt: '2026-11-24T08:00:00.000Z',
  ...overrides,
});

describe('free check notice on the check page', () => {
  const answer = (info: AccountInfo) =>
    server.use(http.get('*/api/base/account_info_api/account', () => ok(info)));

  it('tells a QR account that got no free check why', async () => {
    await signIn();
    answer(account({ freeCheckNotice: NOTICE }));
    renderApp('/papercheck/check');
    await screen.findByRole('heading', { name: '论文查重', level: 1 });
    expect(await screen.findByText('未获赠首次免费查重')).toBeInTheDocument();
    expect(screen.getByText(NOTICE)).toBeInTheDocument();
    expect(screen.queryByText('首次查重免费')).not.toBeInTheDocument();
  });

  it('tells an account that has it that the next check is free', async () => {
    await signIn();
    answer(account({ freeCheckAvailable: true }));
    renderApp('/papercheck/check');
    await screen.findByRole('heading', { name: '论文查重', level: 1 });
    expect(await screen.findByText('首次查重免费')).toBeInTheDocument();
    expect(screen.queryByText('未获赠首次免费查重')).not.toBeInTheDocument();
  });
});
