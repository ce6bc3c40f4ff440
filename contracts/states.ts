// Provider states shared by the consumer tests and the provider's state handlers (provider-states.ts).
// A state that creates records with ids the provider chooses (orders) hands them back as parameters,
// which the interactions use through fromProviderState (the Pact way to inject provider values).
export const PACT_USER = { username: 'zhangsan', password: 'Moyan2026!', phone: '13800138000' };
export const PACT_TOKEN = 'mya_pact_zhangsan_0000000000000000000000000000000000000001';
export const PACT_EXPIRED_TOKEN = 'mya_pact_zhangsan_expired_000000000000000000000000000000002';
export const PACT_REVOKED_TOKEN = 'mya_pact_zhangsan_revoked_000000000000000000000000000000003';
export const PACT_NEW_USER = { username: 'lisi', password: 'Shuxue2026!pw', phone: '13900139000' };
/** A password the sign-up rule refuses (common/password-rule.ts): too simple. */
export const PACT_WEAK_PASSWORD = '12345678';
export const PACT_THROTTLED_NAME = 'wangwu';
/** An account made by a QR sign-up, with no password yet, and the token its phone signed in with. */
export const PACT_QR_ONLY_USER = 'qr_pact0000001';
export const PACT_QR_ONLY_TOKEN = 'mya_pact_qr_only_000000000000000000000000000000000000000004';
/** zhangsan's second sign-in (another browser), listed among the devices and signed out by the account centre. */
export const PACT_SECOND_TOKEN = 'mya_pact_zhangsan_second_device_0000000000000000000000005';
/** A phone another account (zhaoliu) signs in with: binding it to zhangsan is refused. */
export const PACT_TAKEN_PHONE = '13700137000';
/** A phone no account uses: zhangsan may bind it. */
export const PACT_FREE_PHONE = '13700137999';
export const PACT_QR_PENDING = 'qr-pact-pending';
export const PACT_QR_CONFIRMED = 'qr-pact-confirmed';
export const PACT_QR_EXPIRED = 'qr-pact-expired';
/** The scan token in the QR code of a seeded session (what the phone's confirmation page sends back). */
export const pactQrScanToken = (id: string) => `pact-scan-${id}`.padEnd(43, '0');
/** The device cookie of the desktop browser that asked for the seeded sessions: only its polls get an answer. */
export const PACT_DESKTOP_DEVICE = 'pact-desktop-device-0000000001';
/** The device key the server issued zhangsan's phone at its last confirmation. */
export const PACT_DEVICE_KEY = 'dk_pact_phone_0000000000000001';
export const PACT_REPORT_ID = 'chk-pact-report';
export const PACT_DELETABLE_ID = 'chk-pact-delete';
export const PACT_DRAFT_ID = 'chk-pact-draft';
export const PACT_UNPAID_DRAFT_ID = 'chk-pact-draft-unpaid';
export const PACT_SUBMITTED_ID = 'chk-pact-submitted';
export const PACT_MISSING_ID = 'chk-pact-missing';
export const PACT_CONVERSATION_ID = 'chat-pact-conversation';
export const PACT_DELETABLE_CONVERSATION_ID = 'chat-pact-delete';
export const PACT_MISSING_CONVERSATION_ID = 'chat-pact-missing';
/** Another user's conversation: zhangsan must get 404 for it, as for one that does not exist. */
export const PACT_FOREIGN_CONVERSATION_ID = 'chat-pact-foreign';
export const PACT_OTHER_USER = 'zhaoliu';
export const PACT_REWRITE_ID = 'rw-pact-done';
export const PACT_REWRITE_DELETE_ID = 'rw-pact-delete';
export const PACT_REWRITE_DRAFT_ID = 'rw-pact-draft';
export const PACT_REWRITE_UNPAID_ID = 'rw-pact-draft-unpaid';
export const PACT_SMART_ID = 'rw-pact-smart';
export const PACT_REWRITE_DOCX_ID = 'rw-pact-docx';
export const PACT_SMART_DRAFT_ID = 'rw-pact-smart-draft';
export const PACT_CNKI_DRAFT_ID = 'rw-pact-cnki-draft';
export const PACT_SMART_DELETE_ID = 'rw-pact-smart-delete';
/** The first paragraph pair of the finished rewrite (reload, accept_content, load_content_by_id). */
export const PACT_REWRITE_PAIR_ID = `${PACT_REWRITE_ID}-p0`;
export const PACT_AIGC_ID = 'aigc-pact-done';
export const PACT_AIGC_DRAFT_ID = 'aigc-pact-draft';
export const PACT_AIGC_UNPAID_ID = 'aigc-pact-draft-unpaid';
export const PACT_AIGC_DELETE_ID = 'aigc-pact-delete';
export const PACT_AIGC_FLAGGED_ID = 'aigc-pact-flagged';
/** The second paragraph of the finished detection (its first is the heading 摘要): reload, load_content_by_id. */
export const PACT_AIGC_PARAGRAPH_ID = `${PACT_AIGC_ID}-p1`;
/** The balance the funded states leave zhangsan with (fen): more than any seeded draft costs. */
export const PACT_BALANCE_FEN = 5000;
export const PACT_PPT_ID = 'ppt-pact-done';
export const PACT_PPT_DRAFT_ID = 'ppt-pact-draft';
export const PACT_PPT_DELETE_ID = 'ppt-pact-delete';
export const PACT_PAPER_ID = 'paper-pact-done';
export const PACT_PAPER_OUTLINE_ID = 'paper-pact-outline';
export const PACT_PAPER_DELETE_ID = 'paper-pact-delete';
export const PACT_PAPER_INFO_ID = 'paper-pact-info';
export const PACT_PAPER_INFO_DELETE_ID = 'paper-pact-info-delete';
/** The first written section of the finished AI paper (update_content, reload, delete_content). */
export const PACT_PAPER_SECTION_ID = `${PACT_PAPER_ID}-s0`;
export const PACT_PAPER_DELETE_SECTION_ID = `${PACT_PAPER_ID}-s1`;

export const STATES = {
  userExists: `user zhangsan exists with password ${PACT_USER.password}`,
  signedIn: `user zhangsan is signed in with token ${PACT_TOKEN}`,
  tokenExpired: `user zhangsan's token ${PACT_EXPIRED_TOKEN} has expired`,
  tokenRevoked: `user zhangsan's token ${PACT_REVOKED_TOKEN} was revoked`,
  usernameFree: `no account uses the username ${PACT_NEW_USER.username} or the phone ${PACT_NEW_USER.phone}`,
  loginThrottled: `logins as ${PACT_THROTTLED_NAME} from this address are in their back-off`,
  qrOnlySignedIn: `QR-only user ${PACT_QR_ONLY_USER} without a password is signed in with token ${PACT_QR_ONLY_TOKEN}`,
  signedInTwice: `user zhangsan is signed in with token ${PACT_TOKEN} and on a second device (parameter sessionId)`,
  phoneTaken: `user zhangsan is signed in and user zhaoliu uses the phone ${PACT_TAKEN_PHONE}`,
  phoneFree: `user zhangsan is signed in and no account uses the phone ${PACT_FREE_PHONE}`,
  signupsExhausted: 'this address has signed up as many accounts as allowed this hour',
  registerProbesThrottled: 'sign-ups from this address met taken names too often and are in their back-off',
  qrPending: `QR session ${PACT_QR_PENDING} is waiting for a scan`,
  phoneKnown: `zhangsan's phone holds the device key ${PACT_DEVICE_KEY}`,
  qrConfirmed: `QR session ${PACT_QR_CONFIRMED} was confirmed by zhangsan`,
  qrExpired: `QR session ${PACT_QR_EXPIRED} has expired`,
  packagesSeeded: 'packages are seeded',
  funded: `user zhangsan has a balance of ${PACT_BALANCE_FEN / 100} yuan`,
  broke: 'user zhangsan has no balance',
  noPendingOrders: 'user zhangsan has no pending order',
  pendingOrder: 'user zhangsan has a pending sandbox order (parameters orderId, payToken)',
  paidOrder: 'user zhangsan has a paid order (parameter orderId)',
  pendingWechatOrder: 'user zhangsan has a pending WeChat Pay order, not paid yet (parameter orderId)',
  wechatPayFailing: 'WeChat Pay fails the next call',
  tooManyPendingOrders: 'user zhangsan has as many pending orders as allowed',
  reportReady: `user zhangsan has a finished check report ${PACT_REPORT_ID}`,
  editedWorkbench: `user zhangsan has a finished check report ${PACT_REPORT_ID} whose first paragraph was rewritten in its workbench`,
  deletableCheck: `user zhangsan has a finished check ${PACT_DELETABLE_ID}`,
  draftCheck: `user zhangsan has a draft check ${PACT_DRAFT_ID} of a mostly English text`,
  unpaidDraftCheck: `user zhangsan has a draft check ${PACT_UNPAID_DRAFT_ID}`,
  submittedCheck: `user zhangsan has submitted check ${PACT_SUBMITTED_ID}`,
  conversation: `user zhangsan has a conversation ${PACT_CONVERSATION_ID} with a question and its answer`,
  deletableConversation: `user zhangsan has a conversation ${PACT_DELETABLE_CONVERSATION_ID}`,
  foreignConversation: `user ${PACT_OTHER_USER} has a conversation ${PACT_FOREIGN_CONVERSATION_ID} and zhangsan is signed in`,
  rewriteDone: `user zhangsan has a finished rewrite ${PACT_REWRITE_ID} with two paragraph pairs`,
  deletableRewrite: `user zhangsan has a finished rewrite ${PACT_REWRITE_DELETE_ID}`,
  rewriteDocxDone: `user zhangsan has a finished rewrite ${PACT_REWRITE_DOCX_ID} of an uploaded .docx whose second paragraph is in a text box`,
  draftRewrite: `user zhangsan has a draft strong rewrite ${PACT_REWRITE_DRAFT_ID}`,
  unpaidDraftRewrite: `user zhangsan has a draft strong rewrite ${PACT_REWRITE_UNPAID_ID} never submitted`,
  draftSmart: `user zhangsan has a draft smart rewrite ${PACT_SMART_DRAFT_ID}`,
  draftCnki: `user zhangsan has a draft academic-database rewrite ${PACT_CNKI_DRAFT_ID}`,
  smartDone: `user zhangsan has a finished smart rewrite ${PACT_SMART_ID}`,
  deletableSmart: `user zhangsan has a finished smart rewrite ${PACT_SMART_DELETE_ID}`,
  aigcDone: `user zhangsan has a finished AIGC detection ${PACT_AIGC_ID} with flagged sentences`,
  aigcFlagged: `user zhangsan has a finished AIGC detection ${PACT_AIGC_FLAGGED_ID} with paragraphs flagged high or medium and no 降AIGC made from it`,
  aigcDraft: `user zhangsan has a draft AIGC detection ${PACT_AIGC_DRAFT_ID}`,
  unpaidAigcDraft: `user zhangsan has a draft AIGC detection ${PACT_AIGC_UNPAID_ID} never submitted`,
  deletableAigc: `user zhangsan has a finished AIGC detection ${PACT_AIGC_DELETE_ID}`,
  chatModel: 'a model is configured for chat',
  noChatModel: 'no model is configured for chat',
  noRewriteModel: 'no model is configured for rewording',
  pptDone: `user zhangsan has a rendered slide deck ${PACT_PPT_ID}`,
  pptDraft: `user zhangsan has a draft slide deck ${PACT_PPT_DRAFT_ID}`,
  deletablePpt: `user zhangsan has a rendered slide deck ${PACT_PPT_DELETE_ID}`,
  paperDone: `user zhangsan has a finished AI paper ${PACT_PAPER_ID} with its sections`,
  paperOutline: `user zhangsan has an AI paper ${PACT_PAPER_OUTLINE_ID} whose outline awaits confirmation`,
  deletablePaper: `user zhangsan has a finished AI paper ${PACT_PAPER_DELETE_ID}`,
  paperInfoDone: `user zhangsan has a finished journal paper ${PACT_PAPER_INFO_ID} from the classic form`,
  deletablePaperInfo: `user zhangsan has a finished journal paper ${PACT_PAPER_INFO_DELETE_ID} from the classic form`,
  writingModel: 'a model is configured for paper writing',
  outlinesSpent: "user zhangsan has used today's free outlines",
  pptDraftsSpent: "user zhangsan has used today's free slide-deck drafts",
  modelShareFull: "user zhangsan's own model calls fill the account's share of the model",
} as const;
