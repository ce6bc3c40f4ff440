// Apart from the page, so the route's search validation does not pull the account page into the entry chunk.
export const ACCOUNT_TABS = ['orders', 'ledger', 'devices'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];
