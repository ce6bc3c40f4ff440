// A fake Alipay OpenAPI 2.0 gateway (当面付) for tests, e2e and `npm run fake-pay`: POST /gateway.do with the
// common parameters in the query string and biz_content in the form body, RSA2 signature checked against the
// application's public key; answers `{"<method>_response": {...}, "sign": "..."}` signed by its own Alipay key;
// asynchronous notifications are signed forms (sign over the sorted parameters without sign and sign_type); the
// daily bill is a zip holding a GBK CSV. Written from the protocol (opendocs.alipay.com), not from alipay-sdk.
//
// A precreated trade exists only once scanned: `fake.pay(orderNo)` scans and pays it. Faults as the WeChat fake:
//   notify:lost  notify:duplicate  notify:late=MS  notify:forged  notify:tampered  api:timeout  api:error
//   refund:decline (40004 ACQ.SELLER_BALANCE_NOT_ENOUGH)
import { type KeyObject, createSign, createVerify, generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import iconv from 'iconv-lite';
import JSZip from 'jszip';
import {
  type Delivery,
  type FakeHttp,
  type PlantedLine,
  Script,
  chinaPlain,
  control,
  fenOf,
  hang,
  notifyAsScripted,
  sendText,
  startHttp,
  timers,
  waitForDelivery,
  yuan,
} from './http';

export interface FakeAlipayOptions {
  appId: string;
  appPublicKey: KeyObject;
  alipayPrivateKey: KeyObject;
  /** The merchant's PID (seller_id). */
  sellerId?: string;
  port?: number;
}

export interface FakeAlipayTrade {
  outTradeNo: string;
  subject: string;
  total: number;
  notifyUrl: string | null;
  qrCode: string;
  expiresAt: Date;
  /** PRECREATED: not scanned yet, unknown to trade queries. */
  status: 'PRECREATED' | 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  tradeNo: string | null;
  paidAt: Date | null;
}

export interface FakeAlipayRefund {
  outRequestNo: string;
  outTradeNo: string;
  amount: number;
  at: Date;
}

export interface FakeAlipay {
  /** ALIPAY_GATEWAY */
  url: string;
  trades: Map<string, FakeAlipayTrade>;
  refunds: Map<string, FakeAlipayRefund>;
  deliveries: Delivery[];
  requests: Array<{ method: string; status: string }>;
  script(...faults: string[]): void;
  pay(orderNo: string): Promise<Delivery[]>;
  plant(line: PlantedLine): void;
  waitForDelivery(predicate: (delivery: Delivery) => boolean, timeoutMs?: number): Promise<Delivery>;
  close(): Promise<void>;
}

const chinaDay = (at: Date) => chinaPlain(at).slice(0, 10);

/** Alipay's sign content: the parameters sorted by name, `k=v` joined by `&`, empty values left out. */
function signContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => params[key] !== '' && params[key] !== undefined)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export async function startFakeAlipay(options: FakeAlipayOptions): Promise<FakeAlipay> {
  const trades = new Map<string, FakeAlipayTrade>();
  const refunds = new Map<string, FakeAlipayRefund>();
  const deliveries: Delivery[] = [];
  const requests: FakeAlipay['requests'] = [];
  const planted: PlantedLine[] = [];
  const bills = new Map<string, Buffer>();
  const faults = new Script();
  const scheduled = timers();
  const sellerId = options.sellerId ?? '2088000000000001';

  const sign = (key: KeyObject, text: string) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');

  function respond(res: ServerResponse, method: string, node: Record<string, unknown>): void {
    const key = `${method.replaceAll('.', '_')}_response`;
    const text = JSON.stringify(node);
    const body = `{"${key}":${text},"sign":"${sign(options.alipayPrivateKey, text)}"}`;
    requests.push({ method, status: String(node.code) });
    sendText(res, 200, body, 'application/json; charset=utf-8');
  }
  const success = (extra: Record<string, unknown> = {}) => ({ code: '10000', msg: 'Success', ...extra });
  const business = (subCode: string, subMsg: string) => ({ code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg });

  function tradeJson(trade: FakeAlipayTrade) {
    return success({
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      buyer_logon_id: 'fak***@example.com',
      trade_status: trade.status,
      total_amount: yuan(trade.total),
      ...(trade.paidAt ? { send_pay_date: chinaPlain(trade.paidAt), receipt_amount: yuan(trade.total), buyer_pay_amount: yuan(trade.total) } : {}),
    });
  }

  async function notify(trade: FakeAlipayTrade, variant: string): Promise<Delivery> {
    const params: Record<string, string> = {
      notify_time: chinaPlain(new Date()),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: options.appId,
      charset: 'utf-8',
      version: '1.0',
      trade_no: trade.tradeNo ?? '',
      out_trade_no: trade.outTradeNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: yuan(trade.total),
      receipt_amount: yuan(trade.total),
      buyer_pay_amount: yuan(trade.total),
      subject: trade.subject,
      gmt_create: chinaPlain(trade.paidAt ?? new Date()),
      gmt_payment: chinaPlain(trade.paidAt ?? new Date()),
      seller_id: sellerId,
      buyer_id: '2088102177846880',
    };
    const key = variant === 'forged' ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey : options.alipayPrivateKey;
    const signed: Record<string, string> = { ...params, sign_type: 'RSA2', sign: sign(key, signContent(params)) };
    if (variant === 'tampered') signed.total_amount = '0.01';
    let delivery: Delivery;
    try {
      const response = await fetch(trade.notifyUrl ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams(signed).toString(),
      });
      delivery = { channel: 'alipay', event: 'trade_status_sync', orderNo: trade.outTradeNo, variant, status: response.status, answer: await response.text() };
    } catch (error) {
      delivery = { channel: 'alipay', event: 'trade_status_sync', orderNo: trade.outTradeNo, variant, status: 0, answer: String(error) };
    }
    deliveries.push(delivery);
    return delivery;
  }

  async function pay(orderNo: string): Promise<Delivery[]> {
    const trade = trades.get(orderNo);
    if (!trade) throw new Error(`支付宝（模拟）：没有订单 ${orderNo}`);
    if ((trade.status !== 'PRECREATED' && trade.status !== 'WAIT_BUYER_PAY') || trade.expiresAt.getTime() < Date.now()) {
      throw new Error(`支付宝（模拟）：订单 ${orderNo} 不能支付（${trade.status}）`);
    }
    if (faults.take('notify:forged') !== undefined) {
      // A forger claims a payment that never happened: the trade stays unpaid here.
      return [await notify({ ...trade, tradeNo: '2026000000000000000000000000', paidAt: new Date() }, 'forged')];
    }
    trade.status = 'TRADE_SUCCESS';
    trade.tradeNo = `2026${Date.now()}${String(randomInt(0, 1e9)).padStart(9, '0')}`.slice(0, 28);
    trade.paidAt = new Date();
    if (!trade.notifyUrl) return [];
    return notifyAsScripted(faults, (variant) => notify(trade, variant), scheduled.later);
  }

  async function billZip(date: string): Promise<Buffer> {
    const header =
      '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';
    const row = (tradeNo: string, orderNo: string, type: string, name: string, at: Date, amount: string, received: string, refundNo: string) =>
      [tradeNo, orderNo, type, name, chinaPlain(at), chinaPlain(at), '', '', '', '', 'fak***@example.com', amount, received, '0.00', '0.00', '0.00', '0.00', '0.00', '', '0.00', '0.00', refundNo, '0.00', '0.00', '']
        .map((field) => `${field}\t`)
        .join(',');
    const lines: string[] = [];
    for (const trade of trades.values()) {
      if (trade.paidAt && trade.tradeNo && chinaDay(trade.paidAt) === date) {
        lines.push(row(trade.tradeNo, trade.outTradeNo, '交易', trade.subject, trade.paidAt, yuan(trade.total), yuan(trade.total), ''));
      }
    }
    for (const refund of refunds.values()) {
      const trade = trades.get(refund.outTradeNo);
      if (trade?.tradeNo && chinaDay(refund.at) === date) {
        lines.push(row(trade.tradeNo, trade.outTradeNo, '退款', trade.subject, refund.at, yuan(trade.total), `-${yuan(refund.amount)}`, refund.outRequestNo));
      }
    }
    for (const line of planted.filter((p) => p.date === date)) {
      const at = new Date(`${date}T12:00:00+08:00`);
      const tradeNo = `2026${String(randomInt(0, 1e9)).padStart(24, '0')}`;
      lines.push(line.kind === 'payment'
        ? row(tradeNo, line.orderNo, '交易', '（对账测试）', at, yuan(line.amountFen), yuan(line.amountFen), '')
        : row(tradeNo, line.orderNo, '退款', '（对账测试）', at, yuan(line.amountFen), `-${yuan(line.amountFen)}`, `${line.orderNo}R9`));
    }
    const csv = [
      '#支付宝业务明细查询',
      `#账号：[${sellerId}0156]`,
      `#起始日期：[${date} 00:00:00]   终止日期：[${date} 23:59:59]`,
      '#-----------------------------------------业务明细列表----------------------------------------',
      header,
      ...lines,
      '#-----------------------------------------业务明细列表结束------------------------------------',
      `#交易合计：${lines.length}笔`,
      `#导出时间：[${chinaPlain(new Date())}]`,
    ].join('\r\n');
    const zip = new JSZip();
    zip.file(`${sellerId}0156_${date.replaceAll('-', '')}_业务明细.csv`, iconv.encode(csv, 'gbk'));
    zip.file(`${sellerId}0156_${date.replaceAll('-', '')}_业务明细(汇总).csv`, iconv.encode('#支付宝业务汇总查询\r\n', 'gbk'));
    return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  }

  async function gateway(res: ServerResponse, url: URL, body: string): Promise<void> {
    const params: Record<string, string> = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(body)) };
    const method = params.method ?? '';
    if (faults.take('api:timeout') !== undefined) {
      requests.push({ method, status: 'timeout' });
      return hang(res);
    }
    const { sign: signature = '', ...signed } = params;
    if (params.app_id !== options.appId) return respond(res, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-app-id', sub_msg: '无效的AppID参数' });
    const valid = params.sign_type === 'RSA2' && createVerify('RSA-SHA256').update(signContent(signed), 'utf8').verify(options.appPublicKey, signature, 'base64');
    if (!valid) return respond(res, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' });
    if (faults.take('api:error') !== undefined) return respond(res, method, { code: '20000', msg: 'Service Currently Unavailable', sub_code: 'isp.unknow-error', sub_msg: '系统繁忙' });
    const biz = JSON.parse(params.biz_content || '{}') as Record<string, string>;
    const trade = trades.get(biz.out_trade_no ?? '');
    switch (method) {
      case 'alipay.trade.precreate': {
        const total = fenOf(String(biz.total_amount));
        if (!biz.out_trade_no || !biz.subject || !(total > 0) || !/^\d+\.\d{2}$/.test(String(biz.total_amount))) {
          return respond(res, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter', sub_msg: '参数无效' });
        }
        if (trade) return respond(res, method, trade.status === 'TRADE_SUCCESS' ? business('ACQ.TRADE_HAS_SUCCESS', '交易已被支付') : success({ out_trade_no: trade.outTradeNo, qr_code: trade.qrCode }));
        const minutes = Number(/^(\d+)m$/.exec(biz.timeout_express ?? '')?.[1] ?? 120);
        const created: FakeAlipayTrade = {
          outTradeNo: biz.out_trade_no,
          subject: biz.subject,
          total,
          notifyUrl: params.notify_url ?? null,
          qrCode: `https://qr.alipay.com/bax0${randomBytes(8).toString('hex')}`,
          expiresAt: new Date(Date.now() + minutes * 60_000),
          status: 'PRECREATED',
          tradeNo: null,
          paidAt: null,
        };
        trades.set(created.outTradeNo, created);
        return respond(res, method, success({ out_trade_no: created.outTradeNo, qr_code: created.qrCode }));
      }
      case 'alipay.trade.query':
        if (!trade || trade.status === 'PRECREATED') return respond(res, method, business('ACQ.TRADE_NOT_EXIST', '交易不存在'));
        return respond(res, method, tradeJson(trade));
      case 'alipay.trade.close':
        if (!trade) return respond(res, method, business('ACQ.TRADE_NOT_EXIST', '交易不存在'));
        if (trade.status === 'TRADE_SUCCESS') return respond(res, method, business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'));
        {
          const scanned = trade.status !== 'PRECREATED';
          trade.status = 'TRADE_CLOSED';
          // An unscanned trade is not known to Alipay; the code is dead all the same.
          return respond(res, method, scanned ? success({ out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo }) : business('ACQ.TRADE_NOT_EXIST', '交易不存在'));
        }
      case 'alipay.trade.refund': {
        if (!trade || trade.status === 'PRECREATED') return respond(res, method, business('ACQ.TRADE_NOT_EXIST', '交易不存在'));
        const repeat = refunds.get(biz.out_request_no ?? '');
        if (repeat) return respond(res, method, success({ trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, fund_change: 'N', refund_fee: yuan(repeat.amount) }));
        if (trade.status !== 'TRADE_SUCCESS') return respond(res, method, business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'));
        const amount = fenOf(String(biz.refund_amount));
        if (!(amount > 0) || amount > trade.total) return respond(res, method, business('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限'));
        if (faults.take('refund:decline') !== undefined) return respond(res, method, business('ACQ.SELLER_BALANCE_NOT_ENOUGH', '卖家余额不足'));
        const refund: FakeAlipayRefund = { outRequestNo: biz.out_request_no ?? '', outTradeNo: trade.outTradeNo, amount, at: new Date() };
        refunds.set(refund.outRequestNo, refund);
        if (amount === trade.total) trade.status = 'TRADE_CLOSED';
        return respond(res, method, success({ trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, buyer_logon_id: 'fak***@example.com', fund_change: 'Y', refund_fee: yuan(amount), gmt_refund_pay: chinaPlain(refund.at) }));
      }
      case 'alipay.trade.fastpay.refund.query': {
        const refund = refunds.get(biz.out_request_no ?? '');
        return respond(res, method, refund
          ? success({ trade_no: trade?.tradeNo, out_trade_no: refund.outTradeNo, out_request_no: refund.outRequestNo, refund_amount: yuan(refund.amount), refund_status: 'REFUND_SUCCESS', total_amount: yuan(trade?.total ?? 0) })
          : success({ out_trade_no: biz.out_trade_no, out_request_no: biz.out_request_no }));
      }
      case 'alipay.data.dataservice.bill.downloadurl.query': {
        if (biz.bill_type !== 'trade' || !/^\d{4}-\d{2}-\d{2}$/.test(biz.bill_date ?? '')) return respond(res, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter', sub_msg: '参数无效' });
        const token = randomBytes(12).toString('hex');
        bills.set(token, await billZip(biz.bill_date));
        return respond(res, method, success({ bill_download_url: `${http.origin}/_bill/${token}.csv.zip` }));
      }
      default:
        return respond(res, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-method', sub_msg: `不存在的方法名 ${method}` });
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/gateway.do') return gateway(res, url, body);
    const bill = /^\/_bill\/(\w+)\.csv\.zip$/.exec(url.pathname);
    if (req.method === 'GET' && bill) {
      const file = bills.get(bill[1]);
      if (!file) return sendText(res, 404, 'no such bill');
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': file.length });
      res.end(file);
      return;
    }
    if (url.pathname.startsWith('/_fake')) {
      const pending = () =>
        [...trades.values()]
          .filter((t) => t.status === 'PRECREATED' || t.status === 'WAIT_BUYER_PAY')
          .map((t) => ({ orderNo: t.outTradeNo, amount: t.total, title: t.subject }));
      return control(req, res, url, body, { title: '支付宝（模拟）', pay, faults, pending });
    }
    return sendText(res, 404, `no route ${req.method} ${url.pathname}`);
  }

  const http: FakeHttp = await startHttp(handle, options.port);
  return {
    url: `${http.origin}/gateway.do`,
    trades,
    refunds,
    deliveries,
    requests,
    script: (...list) => faults.add(...list),
    pay,
    plant: (line) => planted.push(line),
    waitForDelivery: (predicate, timeoutMs = 10_000) => waitForDelivery(deliveries, predicate, timeoutMs, '支付宝（模拟）'),
    async close() {
      scheduled.clear();
      await http.close();
    },
  };
}
