import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

// The WeChat identity linked to an account (at most one each way). unionid names the person across the
// Open Platform's apps and is the key when WeChat gives one; openid names them within this app only.
export const wechatAccounts = pgTable('wechat_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  openid: text('openid').notNull().unique(),
  unionid: text('unionid').unique(),
  nickname: text('nickname'),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
});

export type WechatAccount = typeof wechatAccounts.$inferSelect;
