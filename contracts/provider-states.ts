import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { AppContext, Deps } from '../server/context';
import { chatConversations, chatMessages } from '../server/db/schema/chat';
import { loginThrottles } from '../server/db/schema/login-throttles';
import { orders } from '../server/db/schema/orders';
import { packages } from '../server/db/schema/packages';
import { qrSessions } from '../server/db/schema/qr';
import { rewrites } from '../server/db/schema/rewrites';
import { accessTokens } from '../server/db/schema/sessions';
import { tasks } from '../server/db/schema/tasks';
import { users } from '../server/db/schema/users';
import { builtServices } from '../server/handlers';
import { addressBucket, identityHash } from '../server/http/client-identity';
import { signups } from '../server/db/schema/signups';
import { clearThrottlesForNames, registerProbeKey, type ThrottleKey, throttleKey } from '../server/services/accounts/login-throttle';
import { hashPassword } from '../server/services/accounts/passwords';
import { hashToken } from '../server/services/accounts/tokens';
import { adjustBalance } from '../server/services/billing/adjustments';
import { balanceOf } from '../server/services/billing/balance';
import { storeDraftCheck, storeFinishedCheck } from '../server/services/check/seed';
import { submitCheck } from '../server/services/check/submit';
import { storeDetection } from '../server/services/aigc/seed';
import { type SeededRewrite, storeRewrite } from '../server/services/rewrite/seed';
import { storeDeck } from '../server/services/ppt/seed';
import { storePaper } from '../server/services/paper/seed';
import { type LlmCall, LlmError, type LlmFeature } from '../server/engines/llm';
import { resetFreeUses, spendFreeUses } from '../server/services/free-uses/seed';
import { ReferenceLibrary } from '../server/services/library';
import { closeExpiredOrders, confirmSandboxPayment, createOrder } from '../server/services/orders/orders';
import { sandboxProvider, sandboxSecret } from '../server/services/payments/sandbox';
import { deviceKeyHash } from '../server/services/qr-login/phone-accounts';
import { scanTokenHash } from '../server/services/qr-login/sessions';
import { capabilities } from '../server/services/system/capabilities';
import { editParagraph } from '../server/services/workbench/edit';
import {
  PACT_AIGC_DELETE_ID,
  PACT_AIGC_DRAFT_ID,
  PACT_AIGC_FLAGGED_ID,
  PACT_AIGC_ID,
  PACT_AIGC_UNPAID_ID,
  PACT_BALANCE_FEN,
  PACT_PPT_DELETE_ID,
  PACT_PPT_DRAFT_ID,
  PACT_PPT_ID,
  PACT_PAPER_DELETE_ID,
  PACT_PAPER_ID,
  PACT_PAPER_INFO_DELETE_ID,
  PACT_PAPER_INFO_ID,
  PACT_PAPER_OUTLINE_ID,
  PACT_CONVERSATION_ID,
  PACT_DELETABLE_CONVERSATION_ID,
  PACT_FOREIGN_CONVERSATION_ID,
  PACT_OTHER_USER,
  PACT_DELETABLE_ID,
  PACT_DRAFT_ID,
  PACT_EXPIRED_TOKEN,
  PACT_NEW_USER,
  PACT_QR_CONFIRMED,
  PACT_QR_EXPIRED,
  PACT_QR_PENDING,
  PACT_REPORT_ID,
  PACT_REWRITE_DELETE_ID,
  PACT_REWRITE_DRAFT_ID,
  PACT_REWRITE_DOCX_ID,
  PACT_REWRITE_ID,
  PACT_REWRITE_UNPAID_ID,
  PACT_CNKI_DRAFT_ID,
  PACT_SMART_DELETE_ID,
  PACT_SMART_DRAFT_ID,
  PACT_SMART_ID,
  PACT_REVOKED_TOKEN,
  PACT_SUBMITTED_ID,
  PACT_THROTTLED_NAME,
  PACT_TOKEN,
  PACT_QR_ONLY_TOKEN,
  PACT_QR_ONLY_USER,
  PACT_SECOND_TOKEN,
  PACT_TAKEN_PHONE,
  PACT_FREE_PHONE,
  PACT_UNPAID_DRAFT_ID,
  PACT_USER,
  STATES,
  pactQrScanToken,
  PACT_DESKTOP_DEVICE,
  PACT_DEVICE_KEY,
} from './states';

const SEEDED_PACKAGES = [
  'pkg-check',
  'pkg-rewrite',
  'pkg-aigc',
  'pkg-paper',
  'pkg-ppt',
  'pkg-recharge-1000',
  'pkg-recharge-3000',
  'pkg-recharge-5000',
  'pkg-recharge-10000',
  'pkg-recharge-20000',
];
const ORDERED_PACKAGE = 'pkg-recharge-5000';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
const WECHAT_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.49.2600(0x28003133) NetType/WIFI Language/zh_CN';

// The seeded report copies its first paragraph from this library document, so it has a source, red
// sentences and matches to compare.
const LIBRARY_SOURCE = {
  id: 'lib-pact-source',
  title: '中文文本相似度计算方法综述',
  author: '李明',
  source: '计算机学报',
  year: 2019,
  url: 'https://example.org/papers/text-similarity-survey',
  text:
    '文本相似度计算在学术不端检测中发挥着重要作用。基于指纹的方法先把文本切分为连续的字串，再选取其中的哈希值作为文档指纹，' +
    '通过比较指纹集合的重合程度判断两篇文档是否存在复制关系。对齐方法则在候选片段之间寻找最长的公共子串，能够定位到句子级别的重合位置。',
};
const REPORT_TEXT = [
  '摘要',
  '文本相似度计算在学术不端检测中发挥着重要作用。基于指纹的方法先把文本切分为连续的字串，再选取其中的哈希值作为文档指纹，' +
    '通过比较指纹集合的重合程度判断两篇文档是否存在复制关系。',
  '第一章 绪论',
  '本文比较了指纹方法与对齐方法在中文学位论文上的检测效果，并讨论了引用标注对复制比的影响，最后给出改进检测系统的若干建议。',
].join('\n');
/** The first paragraph of REPORT_TEXT as the student rewrote it in the workbench (editedWorkbench). */
const WORKBENCH_EDIT = '本文比较了几种常见的论文检测方法，并讨论了它们在中文学位论文上的不足。';
const REWRITE_PAIRS: Array<[string, string]> = [
  [
    '文本相似度计算在学术不端检测中发挥着重要作用。基于指纹的方法先把文本切分为连续的字串，再选取其中的哈希值作为文档指纹。',
    '在学术不端的识别工作里，文本相似度计算占据重要位置。指纹类方法会先将文本拆成连续字串，然后从中挑选哈希值充当文档指纹。',
  ],
  [
    '本文比较了指纹方法与对齐方法在中文学位论文上的检测效果。',
    '本文对照分析了指纹方法和对齐方法用于中文学位论文时的检测表现。',
  ],
];
// Written for the contract: an abstract in the template style chat models write (connectives, stock phrases,
// even sentence lengths), so the detector flags sentences of it, then a paragraph in a person's own voice.
const AIGC_TEXT = [
  '摘要',
  '随着人工智能技术的快速发展，深度学习在自然语言处理领域取得了显著的成果。首先，预训练语言模型能够有效地捕捉文本中的语义信息，' +
    '从而显著提升下游任务的性能。此外，注意力机制的广泛应用也为模型的可解释性提供了重要支撑。综上所述，该技术具有重要的理论意义和广泛的应用价值。',
  '去年夏天我在实验室调了三个月参数，模型就是不收敛。师兄看了一眼日志，说学习率设大了，改成万分之一试试，第二天早上损失果然降下来了。',
].join('\n');
/** Written the way chat models write (templated connectives, stock phrases): the detector flags both paragraphs. */
const AIGC_FLAGGED_TEXT = [
  '随着人工智能技术的快速发展，深度学习在自然语言处理领域取得了显著的成果。首先，预训练语言模型能够有效地捕捉文本中的语义信息，从而显著提升下游任务的性能。其次，大规模语料的引入进一步增强了模型的泛化能力。此外，注意力机制的广泛应用也为模型的可解释性提供了重要支撑。',
  '综上所述，深度学习技术在文本相似度计算中具有重要的理论意义和广泛的应用价值。值得注意的是，现有方法在处理长文本时仍然面临诸多挑战。因此，未来的研究需要进一步探索更加高效、可靠的模型结构，以满足实际应用的需求。',
].join('\n');
const CHAT_QUESTION = '请帮我梳理文献综述的写作步骤。';
const CHAT_ANSWER = '文献综述一般分为四步：确定主题与检索范围、筛选与精读文献、按主题归纳观点、指出研究空白并引出本文的问题。';
const CHINESE_TEXT = '随着互联网技术的快速发展，学术论文的数量迅速增长。本文研究中文学位论文的重复检测方法，并比较不同方法的检测效果。';
// Under three tenths Chinese: check_cost always warns about it (little_chinese), whatever the library holds.
const MOSTLY_ENGLISH_TEXT =
  'Abstract\nThis thesis compares fingerprinting and alignment methods for detecting text reuse in Chinese academic ' +
  'writing. We evaluate both methods on a corpus of theses and discuss how citation marks change the reported similarity. 本文比较两种方法。';

/**
 * The provider states the consumer tests name (contracts/states.ts), seeded through the services where
 * they exist (checks, the library, the balance, orders, payments) and directly where the state is one no
 * call produces on demand (an expired token or QR code, a login back-off). Setups are idempotent, so the
 * same database can be verified again and again; states that create orders return their ids (and the
 * pay token) as parameters for the interactions.
 */
type StateSetup = () => Promise<Record<string, unknown> | undefined>;

/** The verifier replays from this machine: the address buckets of the loopback addresses, hashed. */
const LOOPBACK = ['127.0.0.1', '::1'].map((ip) => identityHash('address', addressBucket(ip)));

export function providerStates(
  deps: Deps & Pick<AppContext, 'llm' | 'payments'>,
): Record<string, StateSetup | { setup: StateSetup; teardown: StateSetup }> {
  const { db } = deps;
  // "No model is configured for chat" on a server that has one: its gateway answers as if the operator had
  // configured none, until the state's teardown or the next state's setup.
  const configured = deps.llm.configured.bind(deps.llm);
  let chatModelOff = false;
  let rewriteModelOff = false;
  deps.llm.configured = (feature) => !(chatModelOff && feature === 'chat') && !(rewriteModelOff && feature === 'rewrite') && configured(feature);
  // "zhangsan's own calls fill the account's share": the gateway answers that account's calls as the limiter does
  // when LLM_ACCOUNT_CONCURRENCY calls run and LLM_ACCOUNT_QUEUE more wait, until teardown or the next setup
  // (server/handlers/model-fairness.test.ts fills the share for real).
  const forAccount = deps.llm.forAccount.bind(deps.llm);
  let shareFullOf: string | undefined;
  deps.llm.forAccount = (account, options) => {
    const own = forAccount(account, options);
    return { ...own, stream: (request) => (account === shareFullOf ? refusedCall(new LlmError('account_busy')) : own.stream(request)) };
  };
  const minutesFromNow = (minutes: number) => new Date(deps.now().getTime() + minutes * 60_000);

  // Hashing takes a while (argon2) and nearly every state signs zhangsan in: hash once per verification.
  let knownHash: Promise<string> | undefined;

  // zhangsan with the known password and phone, and no failed logins left over from earlier runs.
  async function zhangsan(): Promise<string> {
    const passwordHash = await (knownHash ??= hashPassword(PACT_USER.password));
    const [user] = await db.orm
      .insert(users)
      .values({ username: PACT_USER.username, phone: PACT_USER.phone, passwordHash })
      .onConflictDoUpdate({ target: users.username, set: { passwordHash, phone: PACT_USER.phone } })
      .returning({ id: users.id });
    await clearThrottlesForNames(deps, [PACT_USER.username]);
    return user.id;
  }

  async function token(userId: string, value: string, expiresAt: Date, revokedAt: Date | null = null, userAgent: string | null = null): Promise<void> {
    await db.orm
      .insert(accessTokens)
      .values({ userId, tokenHash: hashToken(value), expiresAt, revokedAt, userAgent })
      .onConflictDoUpdate({ target: accessTokens.tokenHash, set: { userId, expiresAt, revokedAt, userAgent } });
  }

  async function signedIn(): Promise<string> {
    const userId = await zhangsan();
    await token(userId, PACT_TOKEN, minutesFromNow(deps.config.TOKEN_TTL_SECONDS / 60));
    return userId;
  }

  // An account as a QR sign-up leaves it: no password, no phone, signed in on the phone's browser.
  async function qrOnlySignedIn(): Promise<void> {
    const [user] = await db.orm
      .insert(users)
      .values({ username: PACT_QR_ONLY_USER, qrSignup: true })
      .onConflictDoUpdate({ target: users.username, set: { passwordHash: null, phone: null } })
      .returning({ id: users.id });
    await token(user.id, PACT_QR_ONLY_TOKEN, minutesFromNow(deps.config.TOKEN_TTL_SECONDS / 60));
  }

  // The other account that uses a phone (or none), so that binding it to zhangsan conflicts (or not).
  async function phoneOwner(phone: string | null): Promise<void> {
    await db.orm.update(users).set({ phone: null }).where(eq(users.phone, PACT_FREE_PHONE));
    await db.orm
      .insert(users)
      .values({ username: PACT_OTHER_USER, phone })
      .onConflictDoUpdate({ target: users.username, set: { phone } });
  }

  // Sign-ups and register probes of earlier runs from this machine must not refuse this run's.
  async function freshSignupsFromHere(): Promise<void> {
    await db.orm.delete(signups).where(inArray(signups.addressHash, LOOPBACK));
    for (const addressHash of LOOPBACK) {
      const key = registerProbeKey(addressHash);
      await db.orm.delete(loginThrottles).where(and(eq(loginThrottles.nameHash, key.nameHash), eq(loginThrottles.addressHash, key.addressHash)));
    }
  }

  function needModel(feature: LlmFeature): void {
    if (!configured(feature)) throw new Error('此服务器未配置大模型（LLM_BASE_URL、LLM_MODEL）');
  }

  // The back-off of a throttle key (login name or register probes) at its longest, for the loopback addresses.
  async function throttled(key: (addressHash: string) => ThrottleKey): Promise<void> {
    const now = deps.now();
    for (const addressHash of LOOPBACK) {
      const row = {
        ...key(addressHash),
        failures: deps.config.LOGIN_FAILURES_BEFORE_DELAY + 1,
        lastFailureAt: now,
        blockedUntil: minutesFromNow(deps.config.LOGIN_MAX_DELAY_MINUTES),
      };
      await db.orm
        .insert(loginThrottles)
        .values(row)
        .onConflictDoUpdate({ target: [loginThrottles.nameHash, loginThrottles.addressHash], set: row });
    }
  }

  async function qrSession(id: string, userId: string | null, expiresAt = minutesFromNow(5)): Promise<void> {
    const values = {
      scanTokenHash: scanTokenHash(pactQrScanToken(id)),
      requesterDeviceHash: identityHash('device', PACT_DESKTOP_DEVICE),
      status: userId ? ('confirmed' as const) : ('pending' as const),
      userId,
      expiresAt,
      scannedAt: null,
      confirmedAt: userId ? deps.now() : null,
      consumedAt: null,
    };
    await db.orm
      .insert(qrSessions)
      .values({ id, ...values })
      .onConflictDoUpdate({ target: qrSessions.id, set: values });
  }

  // The balance as an operator's grant or deduction would leave it (the ledger only grows).
  async function balance(fen: number): Promise<string> {
    const userId = await signedIn();
    const difference = fen - (await balanceOf(db, userId));
    if (difference !== 0) await adjustBalance(db, { userId, amountFen: difference, reason: '契约测试：设定余额' });
    return userId;
  }

  const payments = async () => sandboxProvider(await sandboxSecret(db, deps.config.PAYMENT_SECRET));
  const forSale = () => capabilities({ config: deps.config, builtServices });

  async function closePendingOrders(userId: string): Promise<void> {
    await db.orm
      .update(orders)
      .set({ status: 'closed', closedAt: deps.now() })
      .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')));
  }

  async function pendingOrder(): Promise<{ userId: string; orderId: string; payToken: string }> {
    const userId = await signedIn();
    await closePendingOrders(userId);
    const provider = await payments();
    const order = await createOrder(deps, provider, userId, ORDERED_PACKAGE, forSale());
    return { userId, orderId: order.id, payToken: new URL(order.payUrl ?? '', 'http://pay').searchParams.get('token') ?? '' };
  }

  async function checkOf(id: string, title: string, text: string, finished: boolean): Promise<string> {
    const userId = await signedIn();
    const store = finished ? storeFinishedCheck : storeDraftCheck;
    await store(deps, { id, userId, title, author: '张三', text });
    return userId;
  }

  async function reportReady(): Promise<string> {
    await new ReferenceLibrary(db).addDocuments([LIBRARY_SOURCE]);
    return checkOf(PACT_REPORT_ID, '基于深度学习的中文文本相似度研究', REPORT_TEXT, true);
  }

  async function rewriteOf(id: string, mode: 'rewrite' | 'strong' | 'smart' | 'cnki', status: 'draft' | 'done', docx?: SeededRewrite['docx']): Promise<void> {
    const userId = await signedIn();
    await storeRewrite(deps, { id, userId, title: '中文文本相似度检测方法研究', mode, status, pairs: REWRITE_PAIRS, docx });
  }

  /**
   * A list's state: the seeded record is the only one of its kind, so a list that expects finished records does
   * not meet the drafts, queued and failed records an earlier verification's calls made on the same database.
   */
  async function onlyRecordOfItsKind(keep: string, kind: 'rewrite' | 'aigc', api?: 'paper' | 'machine'): Promise<void> {
    const ofApi = api ? [inArray(tasks.id, db.orm.select({ id: rewrites.taskId }).from(rewrites).where(eq(rewrites.api, api)))] : [];
    await db.orm.delete(tasks).where(and(eq(tasks.userId, await zhangsan()), eq(tasks.kind, kind), ne(tasks.id, keep), ...ofApi));
  }

  async function detectionOf(id: string, status: 'draft' | 'done'): Promise<void> {
    const userId = await signedIn();
    await storeDetection(deps, { id, userId, title: '深度学习在文本相似度计算中的应用', text: AIGC_TEXT, status });
  }

  // A conversation as chat leaves one: a question and its complete answer (no call makes one without a model).
  async function conversation(id: string, title: string, owner?: () => Promise<string>): Promise<void> {
    const userId = await (owner ?? signedIn)();
    await db.orm.delete(chatConversations).where(eq(chatConversations.id, id));
    await db.orm.insert(chatConversations).values({ id, userId, title, messageCount: 2 });
    const [question] = await db.orm
      .insert(chatMessages)
      .values({ conversationId: id, role: 'user', content: CHAT_QUESTION })
      .returning({ id: chatMessages.id });
    await db.orm
      .insert(chatMessages)
      .values({ conversationId: id, role: 'assistant', content: CHAT_ANSWER, replyTo: question.id, chargedFen: 1 });
  }

  const handlers: Record<string, StateSetup> = {
    [STATES.userExists]: state(async () => {
      await freshSignupsFromHere();
      return zhangsan();
    }),
    [STATES.signedIn]: state(signedIn),
    [STATES.tokenExpired]: state(async () => token(await zhangsan(), PACT_EXPIRED_TOKEN, minutesFromNow(-60))),
    [STATES.tokenRevoked]: state(async () =>
      token(await zhangsan(), PACT_REVOKED_TOKEN, minutesFromNow(60 * 24), minutesFromNow(-1)),
    ),
    [STATES.usernameFree]: state(async () => {
      await freshSignupsFromHere();
      await db.orm.delete(users).where(or(eq(users.username, PACT_NEW_USER.username), eq(users.phone, PACT_NEW_USER.phone)));
    }),
    // The verifier replays from this machine: the back-off is seeded for the loopback addresses.
    [STATES.signupsExhausted]: state(async () => {
      await freshSignupsFromHere();
      const rows = LOOPBACK.flatMap((addressHash) =>
        Array.from({ length: deps.config.SIGNUPS_PER_ADDRESS_PER_HOUR }, () => ({ addressHash, createdAt: deps.now() })),
      );
      await db.orm.insert(signups).values(rows);
    }),
    [STATES.registerProbesThrottled]: state(async () => {
      await freshSignupsFromHere();
      await throttled(registerProbeKey);
    }),
    [STATES.loginThrottled]: state(() => throttled((addressHash) => throttleKey(PACT_THROTTLED_NAME, addressHash))),
    [STATES.qrOnlySignedIn]: state(qrOnlySignedIn),
    [STATES.phoneTaken]: state(async () => {
      await signedIn();
      await phoneOwner(PACT_TAKEN_PHONE);
    }),
    [STATES.phoneFree]: state(async () => {
      await signedIn();
      await phoneOwner(null);
    }),
    [STATES.qrPending]: state(async () => {
      await freshSignupsFromHere();
      await qrSession(PACT_QR_PENDING, null);
    }),
    [STATES.qrConfirmed]: state(async () => qrSession(PACT_QR_CONFIRMED, await zhangsan())),
    [STATES.phoneKnown]: state(async () => {
      const userId = await zhangsan();
      await db.orm.update(users).set({ deviceKeyHash: null }).where(eq(users.deviceKeyHash, deviceKeyHash(PACT_DEVICE_KEY)));
      await db.orm.update(users).set({ deviceKeyHash: deviceKeyHash(PACT_DEVICE_KEY) }).where(eq(users.id, userId));
    }),
    [STATES.qrExpired]: state(() => qrSession(PACT_QR_EXPIRED, null, minutesFromNow(-1))),
    [STATES.packagesSeeded]: state(async () => {
      const rows = await db.orm
        .select({ id: packages.id })
        .from(packages)
        .where(inArray(packages.id, SEEDED_PACKAGES));
      const missing = SEEDED_PACKAGES.filter((id) => !rows.some((r) => r.id === id));
      if (missing.length > 0) throw new Error(`seeded packages missing: ${missing.join(', ')} (run the migrations)`);
      await db.orm.update(packages).set({ active: true }).where(inArray(packages.id, SEEDED_PACKAGES));
    }),
    [STATES.funded]: state(() => balance(PACT_BALANCE_FEN)),
    [STATES.broke]: state(() => balance(0)),
    [STATES.noPendingOrders]: state(async () => closePendingOrders(await signedIn())),
    // Exactly two live sign-ins, each from a browser the device list recognises (earlier interactions' logins ended).
    [STATES.signedInTwice]: async () => {
      const userId = await signedIn();
      await db.orm.update(accessTokens).set({ revokedAt: deps.now() }).where(eq(accessTokens.userId, userId));
      await token(userId, PACT_TOKEN, minutesFromNow(deps.config.TOKEN_TTL_SECONDS / 60), null, CHROME_WINDOWS);
      await token(userId, PACT_SECOND_TOKEN, minutesFromNow(60 * 24), null, WECHAT_ANDROID);
      const [second] = await db.orm.select({ id: accessTokens.id }).from(accessTokens).where(eq(accessTokens.tokenHash, hashToken(PACT_SECOND_TOKEN)));
      return { sessionId: second.id };
    },
    [STATES.pendingOrder]: async () => {
      const { orderId, payToken } = await pendingOrder();
      return { orderId, payToken };
    },
    [STATES.paidOrder]: async () => {
      const { orderId, payToken } = await pendingOrder();
      await confirmSandboxPayment(deps, await payments(), orderId, payToken);
      return { orderId };
    },
    [STATES.pendingWechatOrder]: async () => {
      const userId = await signedIn();
      await closePendingOrders(userId);
      if (!deps.payments.wechat) throw new Error('WeChat Pay is not configured on this server (WECHATPAY_*)');
      const order = await createOrder(deps, deps.payments.wechat, userId, ORDERED_PACKAGE, forSale());
      return { orderId: order.id };
    },
    // Our fake WeChat Pay (server/test/fake-pay) takes its faults from its control endpoint.
    [STATES.wechatPayFailing]: state(async () => {
      const response = await fetch(`${deps.config.WECHATPAY_BASE_URL}/_fake/script`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ faults: ['api:error'] }),
      });
      if (!response.ok) throw new Error('WeChat Pay here is not the fake one: script its failure another way');
    }),
    [STATES.tooManyPendingOrders]: state(async () => {
      const userId = await signedIn();
      await closeExpiredOrders(db, deps.now(), userId);
      const provider = await payments();
      const [{ count }] = await db.sql<{ count: number }>(
        "select count(*)::int as count from orders where user_id = $1 and status = 'pending'",
        [userId],
      );
      for (let n = count; n < deps.config.MAX_PENDING_ORDERS; n++) {
        await createOrder(deps, provider, userId, ORDERED_PACKAGE, forSale());
      }
    }),
    [STATES.reportReady]: state(reportReady),
    [STATES.editedWorkbench]: state(async () => {
      const userId = await reportReady();
      await editParagraph(deps, userId, { id: PACT_REPORT_ID, index: 0, text: WORKBENCH_EDIT });
    }),
    [STATES.deletableCheck]: state(() => checkOf(PACT_DELETABLE_ID, '中文学位论文重复检测方法比较', CHINESE_TEXT, true)),
    [STATES.draftCheck]: state(() => checkOf(PACT_DRAFT_ID, '文本复用检测方法比较', MOSTLY_ENGLISH_TEXT, false)),
    [STATES.unpaidDraftCheck]: state(() => checkOf(PACT_UNPAID_DRAFT_ID, '学位论文重复检测研究', CHINESE_TEXT, false)),
    [STATES.submittedCheck]: state(async () => {
      const userId = await checkOf(PACT_SUBMITTED_ID, '学位论文重复检测研究（终稿）', CHINESE_TEXT, false);
      await balance(PACT_BALANCE_FEN);
      await submitCheck(deps, userId, { id: PACT_SUBMITTED_ID });
      // The first submission paid for it; leave the balance as the state promises whatever that cost.
      await balance(PACT_BALANCE_FEN);
    }),
    [STATES.rewriteDone]: state(async () => {
      await rewriteOf(PACT_REWRITE_ID, 'rewrite', 'done');
      await onlyRecordOfItsKind(PACT_REWRITE_ID, 'rewrite', 'paper');
    }),
    [STATES.rewriteDocxDone]: state(() => rewriteOf(PACT_REWRITE_DOCX_ID, 'rewrite', 'done', { sha256: 'f'.repeat(64), kept: [null, 'textbox'] })),
    [STATES.deletableRewrite]: state(() => rewriteOf(PACT_REWRITE_DELETE_ID, 'rewrite', 'done')),
    [STATES.draftRewrite]: state(() => rewriteOf(PACT_REWRITE_DRAFT_ID, 'strong', 'draft')),
    [STATES.unpaidDraftRewrite]: state(() => rewriteOf(PACT_REWRITE_UNPAID_ID, 'strong', 'draft')),
    [STATES.draftSmart]: state(() => rewriteOf(PACT_SMART_DRAFT_ID, 'smart', 'draft')),
    [STATES.draftCnki]: state(() => rewriteOf(PACT_CNKI_DRAFT_ID, 'cnki', 'draft')),
    [STATES.smartDone]: state(async () => {
      await rewriteOf(PACT_SMART_ID, 'smart', 'done');
      await onlyRecordOfItsKind(PACT_SMART_ID, 'rewrite', 'machine');
    }),
    [STATES.deletableSmart]: state(() => rewriteOf(PACT_SMART_DELETE_ID, 'smart', 'done')),
    [STATES.aigcDone]: state(async () => {
      await detectionOf(PACT_AIGC_ID, 'done');
      await onlyRecordOfItsKind(PACT_AIGC_ID, 'aigc');
    }),
    // Machine-style paragraphs the detector flags; 降AIGC records an earlier verification made from it are removed.
    [STATES.aigcFlagged]: state(async () => {
      const userId = await signedIn();
      const made = await db.orm.select({ id: rewrites.taskId }).from(rewrites).where(eq(rewrites.sourceAigcId, PACT_AIGC_FLAGGED_ID));
      if (made.length) await db.orm.delete(tasks).where(inArray(tasks.id, made.map((r) => r.id)));
      await storeDetection(deps, { id: PACT_AIGC_FLAGGED_ID, userId, title: '人工智能在自然语言处理中的应用', text: AIGC_FLAGGED_TEXT, status: 'done' });
    }),
    [STATES.aigcDraft]: state(() => detectionOf(PACT_AIGC_DRAFT_ID, 'draft')),
    [STATES.unpaidAigcDraft]: state(() => detectionOf(PACT_AIGC_UNPAID_ID, 'draft')),
    [STATES.deletableAigc]: state(() => detectionOf(PACT_AIGC_DELETE_ID, 'done')),
    [STATES.pptDone]: state(async () => storeDeck(deps, { id: PACT_PPT_ID, userId: await signedIn(), title: '中文文本相似度研究——毕业答辩', status: 'done' })),
    [STATES.pptDraft]: state(async () => storeDeck(deps, { id: PACT_PPT_DRAFT_ID, userId: await signedIn(), title: '中文文本相似度研究——毕业答辩', status: 'draft' })),
    [STATES.deletablePpt]: state(async () => storeDeck(deps, { id: PACT_PPT_DELETE_ID, userId: await signedIn(), title: '待删除的演示文稿', status: 'done' })),
    [STATES.paperDone]: state(async () => storePaper(deps, { id: PACT_PAPER_ID, userId: await signedIn(), title: '基于深度学习的中文文本相似度研究', api: 'ai', stage: 'done' })),
    [STATES.paperOutline]: state(async () => storePaper(deps, { id: PACT_PAPER_OUTLINE_ID, userId: await signedIn(), title: '中文文本复述识别方法研究', api: 'ai', stage: 'outline' })),
    [STATES.deletablePaper]: state(async () => storePaper(deps, { id: PACT_PAPER_DELETE_ID, userId: await signedIn(), title: '待删除的论文', api: 'ai', stage: 'done' })),
    [STATES.paperInfoDone]: state(async () => storePaper(deps, { id: PACT_PAPER_INFO_ID, userId: await signedIn(), title: '学术不端检测技术研究', api: 'info', stage: 'done' })),
    [STATES.deletablePaperInfo]: state(async () => storePaper(deps, { id: PACT_PAPER_INFO_DELETE_ID, userId: await signedIn(), title: '待删除的期刊论文', api: 'info', stage: 'done' })),
    [STATES.writingModel]: state(async () => {
      needModel('writing');
      await balance(PACT_BALANCE_FEN);
      // Verified again and again on one database, the outline drafted by the model must stay free today.
      await resetFreeUses(deps, await signedIn());
    }),
    [STATES.outlinesSpent]: state(async () => {
      needModel('writing');
      await spendFreeUses(deps, await signedIn(), 'outline');
    }),
    [STATES.conversation]: state(() => conversation(PACT_CONVERSATION_ID, '如何撰写文献综述')),
    [STATES.deletableConversation]: state(() => conversation(PACT_DELETABLE_CONVERSATION_ID, '开题报告的结构')),
    [STATES.foreignConversation]: state(async () => {
      await signedIn();
      await conversation(PACT_FOREIGN_CONVERSATION_ID, '赵六的对话', async () => {
        const [other] = await db.orm
          .insert(users)
          .values({ username: PACT_OTHER_USER })
          .onConflictDoUpdate({ target: users.username, set: { username: PACT_OTHER_USER } })
          .returning({ id: users.id });
        return other.id;
      });
    }),
    [STATES.chatModel]: state(async () => {
      needModel('chat');
      await balance(PACT_BALANCE_FEN);
    }),
    [STATES.pptDraftsSpent]: state(async () => {
      needModel('slides');
      await spendFreeUses(deps, await signedIn(), 'pptDraft');
    }),
  };
  const setups = Object.fromEntries(
    Object.entries(handlers).map(([name, setup]) => [
      name,
      async () => {
        chatModelOff = false;
        shareFullOf = undefined;
        return setup();
      },
    ]),
  );
  return {
    ...setups,
    [STATES.noChatModel]: {
      setup: async () => {
        await signedIn();
        chatModelOff = true;
        return undefined;
      },
      teardown: async () => {
        chatModelOff = false;
        return undefined;
      },
    },
    // Given with another state (a finished report): only switches the rewording model off, signs no one in.
    [STATES.noRewriteModel]: {
      setup: async () => {
        rewriteModelOff = true;
        return undefined;
      },
      teardown: async () => {
        rewriteModelOff = false;
        return undefined;
      },
    },
    [STATES.modelShareFull]: {
      setup: async () => {
        needModel('chat');
        await balance(PACT_BALANCE_FEN);
        shareFullOf = await signedIn();
        return undefined;
      },
      teardown: async () => {
        shareFullOf = undefined;
        return undefined;
      },
    },
  };
}

/** A state setup that passes no parameters back to the verifier. */
function state(setup: () => Promise<unknown>): () => Promise<undefined> {
  return async () => {
    await setup();
    return undefined;
  };
}

/** A model call refused before it starts, as the gateway's are (its record fails too: nothing was asked). */
function refusedCall(error: LlmError): LlmCall {
  const record = Promise.reject(error);
  record.catch(() => undefined);
  return {
    record,
    [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(error) }),
  };
}
