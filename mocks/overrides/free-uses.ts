import { http } from 'msw';
import type { FreeUses } from '@/api/gen/model';
import { ok } from '../envelope';
import { currentCapabilities } from './capabilities';

/** Today's free uses of the mocked account: a few already used, as a student in the middle of a day would see. */
function freeUses(): FreeUses {
  const limits = currentCapabilities().freeUses;
  const used = { reduction: 3, outline: 1, pptDraft: 0, reload: 4 };
  const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const use = (action: keyof typeof used) => ({ perDay: limits[action].perAccount, used: used[action], remaining: limits[action].perAccount - used[action] });
  return { day, uses: { reduction: use('reduction'), outline: use('outline'), pptDraft: use('pptDraft'), reload: use('reload') } };
}

export const freeUsesOverrides = [http.get('*/api/base/account_info_api/free_uses', () => ok(freeUses()))];
