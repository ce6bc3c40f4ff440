// A fake WeChat Pay API v3 (Native) for tests, e2e and `npm run fake-pay`: a real HTTP server on loopback that
// checks each request's WECHATPAY2-SHA256-RSA2048 signature against the merchant's public key, signs its answers
// and notifications with its own platform key (Wechatpay-* headers), encrypts notification resources with
// AEAD_AES_256_GCM under the APIv3 key, and keeps orders, refunds and daily bills in memory. Written from the
// protocol (pay.weixin.qq.com/doc/v3/merchant), not from the app's client, so the two check each other.
//
// The payer: `fake.pay(orderNo)` (or POST /_fake/pay {"orderNo"} or the page at GET /_fake/) pays an order.
// Faults for what comes next (`fake.script(...)` or POST /_fake/script {"faults": [...]}):
//   notify:lost  notify:duplicate  notify:late=MS  notify:forged (an unpaid order claimed paid, signed by another key)
//   notify:tampered (the order is paid; its notification changed after signing)
//   api:timeout (the next call is never answered)  api:error (500 SYSTEM_ERROR)  refund:decline (403 NOT_ENOUGH)
//   refund:delay=MS (the next refund stays PROCESSING that long)
import { type KeyObject, createCipheriv, createHash, createSign, createVerify, generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type Delivery,
  type FakeHttp,
  type PlantedLine,
  Script,
  chinaIso,
  control,
  hang,
  notifyAsScripted,
  sendText,
  startHttp,
  timers,
  waitForDelivery,
  yuan,
} from './http';

export interface FakeWechatOptions {
  mchId: string;
  appId: string;
  merchantSerialNo: string;
  merchantPublicKey: KeyObject;
  platformPrivateKey: KeyObject;
  platformKeyId: string;
  apiV3Key: string;
  /** How long a refund stays PROCESSING before it succeeds (and is notified). */
  refundDelayMs?: number;
  port?: number;
}

export interface FakeWechatOrder {
  outTradeNo: string;
  description: string;
  total: number;
  notifyUrl: string;
  codeUrl: string;
  timeExpire: Date;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transactionId: string | null;
  successTime: Date | null;
}

export interface FakeWechatRefund {
  outRefundNo: string;
  refundId: string;
  outTradeNo: string;
  amount: number;
  notifyUrl: string | null;
  status: 'PROCESSING' | 'SUCCESS';
  successTime: Date | null;
}

export interface FakeWechatPay {
  /** WECHATPAY_BASE_URL */
  url: string;
  orders: Map<string, FakeWechatOrder>;
  refunds: Map<string, FakeWechatRefund>;
  deliveries: Delivery[];
  requests: Array<{ method: string; path: string; status: number }>;
  script(...faults: string[]): void;
  /** The payer scans and pays; resolves once the (not late) notifications were answered. */
  pay(orderNo: string): Promise<Delivery[]>;
  /** An extra line in a day's bill (a difference for reconciliation to find). */
  plant(line: PlantedLine): void;
  waitForDelivery(predicate: (delivery: Delivery) => boolean, timeoutMs?: number): Promise<Delivery>;
  close(): Promise<void>;
}

const chinaDay = (at: Date) => chinaIso(at).slice(0, 10);

// What the merchant sends, loosely: the fake checks each field it uses.
interface FakeRequestBody {
  appid?: unknown;
  mchid?: unknown;
  description?: unknown;
  out_trade_no?: unknown;
  out_refund_no?: unknown;
  time_expire?: unknown;
  notify_url?: unknown;
  amount?: { total?: unknown; refund?: unknown; currency?: unknown };
}

export async function startFakeWechatPay(options: FakeWechatOptions): Promise<FakeWechatPay> {
  const orders = new Map<string, FakeWechatOrder>();
  const refunds = new Map<string, FakeWechatRefund>();
  const deliveries: Delivery[] = [];
  const requests: FakeWechatPay['requests'] = [];
  const planted: PlantedLine[] = [];
  const bills = new Map<string, string>();
  const faults = new Script();
  const { later, clear: clearTimers } = timers();

  const signAnswer = (key: KeyObject, body: string) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(key, 'base64');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': options.platformKeyId,
    };
  };

  const answer = (res: ServerResponse, status: number, json?: unknown) => {
    const body = json === undefined ? '' : JSON.stringify(json);
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': randomBytes(8).toString('hex'), ...signAnswer(options.platformPrivateKey, body) });
    res.end(body);
  };
  const fail = (res: ServerResponse, status: number, code: string, message: string) => answer(res, status, { code, message });

  /** Why the Authorization header does not hold up, or null. */
  function authProblem(req: IncomingMessage, target: string, body: string): string | null {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return '缺少认证信息';
    const fields = Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (fields.mchid !== options.mchId) return '商户号不符';
    if (fields.serial_no !== options.merchantSerialNo) return '商户证书序列号不符';
    if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 300) return '请求时间戳过期';
    const message = `${req.method}\n${target}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    const valid = createVerify('RSA-SHA256').update(message).verify(options.merchantPublicKey, fields.signature ?? '', 'base64');
    return valid ? null : '签名错误';
  }

  const transaction = (order: FakeWechatOrder) => ({
    appid: options.appId,
    mchid: options.mchId,
    out_trade_no: order.outTradeNo,
    ...(order.transactionId ? { transaction_id: order.transactionId } : {}),
    trade_type: 'NATIVE',
    trade_state: order.state,
    trade_state_desc: { NOTPAY: '未支付', SUCCESS: '支付成功', CLOSED: '已关闭', REFUND: '转入退款' }[order.state],
    bank_type: 'OTHERS',
    attach: '',
    ...(order.successTime ? { success_time: chinaIso(order.successTime) } : {}),
    payer: { openid: 'oFakePayer0000000000000000000' },
    amount: { total: order.total, payer_total: order.total, currency: 'CNY', payer_currency: 'CNY' },
  });

  const refundJson = (refund: FakeWechatRefund) => {
    const order = orders.get(refund.outTradeNo);
    return {
      mchid: options.mchId,
      refund_id: refund.refundId,
      out_refund_no: refund.outRefundNo,
      transaction_id: order?.transactionId,
      out_trade_no: refund.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      status: refund.status,
      refund_status: refund.status,
      ...(refund.successTime ? { success_time: chinaIso(refund.successTime) } : {}),
      create_time: chinaIso(new Date()),
      amount: { total: order?.total ?? 0, refund: refund.amount, payer_total: order?.total ?? 0, payer_refund: refund.amount, currency: 'CNY' },
    };
  };

  /** Sends one notification as WeChat Pay would (or as a forger would), and records the answer. */
  async function notify(url: string, event: string, orderNo: string, plain: object, variant: string): Promise<Delivery> {
    const key = Buffer.from(options.apiV3Key, 'utf8');
    const encrypt = (payload: object) => {
      const nonce = randomBytes(6).toString('hex');
      const cipher = createCipheriv('aes-256-gcm', key, Buffer.from(nonce));
      const aad = event.startsWith('REFUND') ? 'refund' : 'transaction';
      cipher.setAAD(Buffer.from(aad));
      const data = Buffer.concat([cipher.update(JSON.stringify(payload)), cipher.final(), cipher.getAuthTag()]);
      return { original_type: aad, algorithm: 'AEAD_AES_256_GCM', ciphertext: data.toString('base64'), associated_data: aad, nonce };
    };
    const envelope = (payload: object) =>
      JSON.stringify({
        id: randomBytes(16).toString('hex'),
        create_time: chinaIso(new Date()),
        resource_type: 'encrypt-resource',
        event_type: event,
        summary: event.startsWith('REFUND') ? '退款成功' : '支付成功',
        resource: encrypt(payload),
      });
    const body = envelope(plain);
    const signer = variant === 'forged' ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey : options.platformPrivateKey;
    const headers = signAnswer(signer, body);
    // Tampered: the signed body swapped for one claiming more money (re-encrypted, so only the signature can tell).
    const sent = variant === 'tampered' ? envelope({ ...plain, amount: { ...(plain as { amount: object }).amount, total: 1, payer_total: 1 } }) : body;
    let delivery: Delivery;
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: sent });
      delivery = { channel: 'wechat', event, orderNo, variant, status: response.status, answer: await response.text() };
    } catch (error) {
      delivery = { channel: 'wechat', event, orderNo, variant, status: 0, answer: String(error) };
    }
    deliveries.push(delivery);
    return delivery;
  }

  async function pay(orderNo: string): Promise<Delivery[]> {
    const order = orders.get(orderNo);
    if (!order) throw new Error(`微信支付（模拟）：没有订单 ${orderNo}`);
    if (order.state !== 'NOTPAY' || order.timeExpire.getTime() < Date.now()) throw new Error(`微信支付（模拟）：订单 ${orderNo} 不能支付（${order.state}）`);
    // A forger claims a payment that never happened: the order stays unpaid here.
    if (faults.take('notify:forged') !== undefined) {
      return [await notify(order.notifyUrl, 'TRANSACTION.SUCCESS', orderNo, { ...transaction(order), trade_state: 'SUCCESS', transaction_id: '4200000000000000000000000000' }, 'forged')];
    }
    order.state = 'SUCCESS';
    order.transactionId = `4200${Date.now()}${String(randomInt(0, 1e9)).padStart(9, '0')}`.slice(0, 28);
    order.successTime = new Date();
    const plain = transaction(order);
    return notifyAsScripted(faults, (variant) => notify(order.notifyUrl, 'TRANSACTION.SUCCESS', orderNo, plain, variant), later);
  }

  function billFile(date: string): string | null {
    const header =
      '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';
    const row = (at: Date, o: { transactionId: string; orderNo: string; state: string; total: number; refundId?: string; refundNo?: string; refund?: number; name: string }) =>
      [
        chinaIso(at).slice(0, 19).replace('T', ' '), options.appId, options.mchId, '0', '', o.transactionId, o.orderNo, 'oFakePayer0000000000000000000',
        'NATIVE', o.state, 'OTHERS', 'CNY', yuan(o.state === 'REFUND' ? 0 : o.total), '0.00', o.refundId ?? '0', o.refundNo ?? '0',
        yuan(o.refund ?? 0), '0.00', o.refundId ? 'ORIGINAL' : '', o.refundId ? 'SUCCESS' : '', o.name, '', '0.00000', '0.60%',
        yuan(o.total), yuan(o.refund ?? 0), '',
      ].map((field) => `\`${field}`).join(',');
    const lines: string[] = [];
    for (const order of orders.values()) {
      if (order.successTime && chinaDay(order.successTime) === date && order.transactionId) {
        lines.push(row(order.successTime, { transactionId: order.transactionId, orderNo: order.outTradeNo, state: 'SUCCESS', total: order.total, name: order.description }));
      }
    }
    for (const refund of refunds.values()) {
      const order = orders.get(refund.outTradeNo);
      if (order?.transactionId && refund.successTime && chinaDay(refund.successTime) === date) {
        lines.push(row(refund.successTime, { transactionId: order.transactionId, orderNo: order.outTradeNo, state: 'REFUND', total: order.total, refundId: refund.refundId, refundNo: refund.outRefundNo, refund: refund.amount, name: order.description }));
      }
    }
    for (const line of planted.filter((p) => p.date === date)) {
      const transactionId = `4200${String(randomInt(0, 1e9)).padStart(24, '0')}`;
      lines.push(row(new Date(`${date}T12:00:00+08:00`), line.kind === 'payment'
        ? { transactionId, orderNo: line.orderNo, state: 'SUCCESS', total: line.amountFen, name: '（对账测试）' }
        : { transactionId, orderNo: line.orderNo, state: 'REFUND', total: line.amountFen, refundId: '50300000000000000000000000', refundNo: `${line.orderNo}R9`, refund: line.amountFen, name: '（对账测试）' }));
    }
    if (lines.length === 0) return null;
    const total = lines.length;
    return `${header}\n${lines.join('\n')}\n总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额\n\`${total},\`0.00,\`0.00,\`0.00,\`0.00,\`0.00,\`0.00\n`;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    const target = req.url ?? '/';
    const url = new URL(target, 'http://fake');
    const method = req.method ?? 'GET';
    const record = (status: number) => requests.push({ method, path: url.pathname, status });
    if (url.pathname.startsWith('/_fake')) {
      const pending = () => [...orders.values()].filter((o) => o.state === 'NOTPAY').map((o) => ({ orderNo: o.outTradeNo, amount: o.total, title: o.description }));
      return control(req, res, url, body, { title: '微信支付（模拟）', pay, faults, pending });
    }
    if (faults.take('api:timeout') !== undefined) {
      record(0);
      return hang(res);
    }
    const problem = authProblem(req, target, body);
    if (problem) {
      record(401);
      return fail(res, 401, 'SIGN_ERROR', problem);
    }
    if (faults.take('api:error') !== undefined) {
      record(500);
      return fail(res, 500, 'SYSTEM_ERROR', '系统错误');
    }
    const json = (body ? JSON.parse(body) : {}) as FakeRequestBody;
    const reply = (status: number, payload?: unknown) => {
      record(status);
      answer(res, status, payload);
    };
    const refuse = (status: number, code: string, message: string) => reply(status, { code, message });

    if (method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
      if (json.appid !== options.appId || json.mchid !== options.mchId) return refuse(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
      const total = Number(json.amount?.total);
      if (!Number.isInteger(json.amount?.total) || total <= 0 || json.amount?.currency !== 'CNY') return refuse(400, 'PARAM_ERROR', '金额不正确');
      if (typeof json.out_trade_no !== 'string' || !/^[0-9A-Za-z_\-|*]{6,32}$/.test(json.out_trade_no)) return refuse(400, 'PARAM_ERROR', '商户订单号不正确');
      if (typeof json.description !== 'string' || !json.description || typeof json.notify_url !== 'string') return refuse(400, 'PARAM_ERROR', '缺少参数');
      const timeExpire = new Date(String(json.time_expire));
      if (Number.isNaN(timeExpire.getTime()) || !/[+-]\d\d:\d\d$/.test(String(json.time_expire))) return refuse(400, 'PARAM_ERROR', 'time_expire 格式不正确');
      const existing = orders.get(json.out_trade_no);
      if (existing) {
        if (existing.state !== 'NOTPAY') return refuse(400, 'ORDERPAID', '该订单已支付');
        if (existing.total !== total) return refuse(400, 'INVALID_REQUEST', '参数与首次请求时不一致');
        return reply(200, { code_url: existing.codeUrl });
      }
      const order: FakeWechatOrder = {
        outTradeNo: json.out_trade_no,
        description: json.description,
        total,
        notifyUrl: json.notify_url,
        codeUrl: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}`,
        timeExpire,
        state: 'NOTPAY',
        transactionId: null,
        successTime: null,
      };
      orders.set(order.outTradeNo, order);
      return reply(200, { code_url: order.codeUrl });
    }
    const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (byNo) {
      const order = orders.get(decodeURIComponent(byNo[1]));
      if (byNo[2] && method === 'POST') {
        if (!order) return refuse(404, 'ORDER_NOT_EXIST', '订单不存在');
        if (order.state === 'SUCCESS' || order.state === 'REFUND') return refuse(400, 'ORDERPAID', '订单已支付');
        order.state = 'CLOSED';
        return reply(204);
      }
      if (url.searchParams.get('mchid') !== options.mchId) return refuse(400, 'PARAM_ERROR', 'mchid 不正确');
      if (!order) return refuse(404, 'ORDER_NOT_EXIST', '订单不存在');
      return reply(200, transaction(order));
    }
    if (method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      const order = orders.get(String(json.out_trade_no));
      if (!order) return refuse(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      const existing = refunds.get(String(json.out_refund_no));
      if (existing) return reply(200, refundJson(existing));
      if (order.state !== 'SUCCESS') return refuse(400, 'INVALID_REQUEST', '订单状态不允许退款');
      const amount = Number(json.amount?.refund);
      if (json.amount?.total !== order.total || !Number.isInteger(json.amount?.refund) || amount > order.total) {
        return refuse(400, 'PARAM_ERROR', '退款金额不正确');
      }
      if (faults.take('refund:decline') !== undefined) return refuse(403, 'NOT_ENOUGH', '基本账户余额不足，请充值后重新发起');
      const refund: FakeWechatRefund = {
        outRefundNo: String(json.out_refund_no),
        refundId: `5030${Date.now()}${randomInt(0, 1e6)}`,
        outTradeNo: order.outTradeNo,
        amount,
        notifyUrl: typeof json.notify_url === 'string' ? json.notify_url : null,
        status: 'PROCESSING',
        successTime: null,
      };
      refunds.set(refund.outRefundNo, refund);
      // refund:delay=MS holds this one refund PROCESSING longer (a test that acts while it is processing).
      const delay = faults.take('refund:delay');
      later(delay ? Number(delay) : (options.refundDelayMs ?? 300), () => {
        refund.status = 'SUCCESS';
        refund.successTime = new Date();
        order.state = 'REFUND';
        if (refund.notifyUrl) void notify(refund.notifyUrl, 'REFUND.SUCCESS', order.outTradeNo, refundJson(refund), 'normal');
      });
      return reply(200, refundJson(refund));
    }
    const refundNo = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
    if (refundNo && method === 'GET') {
      const refund = refunds.get(decodeURIComponent(refundNo[1]));
      return refund ? reply(200, refundJson(refund)) : refuse(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    }
    if (method === 'GET' && url.pathname === '/v3/bill/tradebill') {
      const date = url.searchParams.get('bill_date') ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || url.searchParams.get('bill_type') !== 'ALL') return refuse(400, 'PARAM_ERROR', '参数错误');
      const file = billFile(date);
      if (!file) return refuse(400, 'NO_STATEMENT_EXIST', '要下载的账单不存在');
      const token = randomBytes(12).toString('base64url');
      bills.set(token, file);
      return reply(200, {
        hash_type: 'SHA1',
        hash_value: createHash('sha1').update(file).digest('hex'),
        download_url: `${http.origin}/v3/billdownload/file?token=${token}`,
      });
    }
    if (method === 'GET' && url.pathname === '/v3/billdownload/file') {
      const file = bills.get(url.searchParams.get('token') ?? '');
      record(file ? 200 : 404);
      // The bill file is not signed (its hash came in the signed answer).
      return file ? sendText(res, 200, file, 'text/plain; charset=utf-8') : sendText(res, 404, '');
    }
    return refuse(404, 'NOT_FOUND', `no route ${method} ${url.pathname}`);
  }

  const http: FakeHttp = await startHttp(handle, options.port);
  return {
    url: http.origin,
    orders,
    refunds,
    deliveries,
    requests,
    script: (...list) => faults.add(...list),
    pay,
    plant: (line) => planted.push(line),
    waitForDelivery: (predicate, timeoutMs = 10_000) => waitForDelivery(deliveries, predicate, timeoutMs, '微信支付（模拟）'),
    async close() {
      clearTimers();
      await http.close();
    },
  };
}
