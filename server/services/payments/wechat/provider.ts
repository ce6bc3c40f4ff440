import { createHash } from 'node:crypto';
import {
  type NotifyingProvider,
  type PaymentState,
  ProviderError,
  type ProviderNotification,
  type RefundRequest,
  type RefundState,
} from '../provider';
import { parseTradeBill } from './bill';
import { MAX_SIGNATURE_AGE_SECONDS, WechatPayError, wechatCall, wechatDownload } from './client';
import type { WechatPaySettings } from './settings';
import { type EncryptedResource, decryptResource, signatureProblem, signedHeaders } from './signing';

// WeChat Pay API v3, Native payment (Native下单 / 查询订单 / 关闭订单 / 退款 / 查询退款 / 申请交易账单 and the
// payment and refund notifications), as documented at pay.weixin.qq.com/doc/v3/merchant (2024-2025 pages).

const PAID = new Set(['SUCCESS', 'REFUND']);
const UNPAID = new Set(['NOTPAY', 'USERPAYING']);

/** An instant as WeChat Pay writes times: RFC 3339 in China time (2026-11-27T10:30:00+08:00). */
export function chinaTime(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

export function wechatPayProvider(settings: WechatPaySettings): NotifyingProvider {
  const mchid = settings.merchant.mchId;
  const path = (no: string) => encodeURIComponent(no);

  const refundState = (json: Record<string, unknown>): RefundState => {
    const refundId = typeof json.refund_id === 'string' ? json.refund_id : null;
    switch (json.status ?? json.refund_status) {
      case 'SUCCESS':
        return { state: 'succeeded', refundId };
      case 'PROCESSING':
        return { state: 'processing', refundId };
      case 'CLOSED':
        return { state: 'declined', reason: '微信支付已关闭这笔退款' };
      default:
        return { state: 'declined', reason: '微信支付退款异常（ABNORMAL），请在商户平台处理' };
    }
  };

  return {
    channel: 'wechat',

    async start(order) {
      const { json } = await wechatCall(settings, 'POST', '/v3/pay/transactions/native', {
        appid: settings.appId,
        mchid,
        description: order.description.slice(0, 127),
        out_trade_no: order.orderNo,
        time_expire: chinaTime(order.expiresAt),
        notify_url: settings.notifyUrl,
        amount: { total: order.amountFen, currency: 'CNY' },
      });
      if (typeof json.code_url !== 'string') throw new ProviderError('wechat', '微信支付没有返回 code_url');
      return { payUrl: null, qrCode: json.code_url };
    },

    async query(orderNo): Promise<PaymentState> {
      try {
        const { json } = await wechatCall(settings, 'GET', `/v3/pay/transactions/out-trade-no/${path(orderNo)}?mchid=${mchid}`);
        const state = String(json.trade_state);
        if (PAID.has(state)) return { state: 'paid', ...paidEvidence(json) };
        return UNPAID.has(state) ? { state: 'unpaid' } : { state: 'closed' };
      } catch (error) {
        if (error instanceof WechatPayError && error.providerCode === 'ORDER_NOT_EXIST') return { state: 'unknown' };
        throw error;
      }
    },

    async close(orderNo) {
      try {
        await wechatCall(settings, 'POST', `/v3/pay/transactions/out-trade-no/${path(orderNo)}/close`, { mchid });
      } catch (error) {
        if (error instanceof WechatPayError && error.providerCode === 'ORDER_NOT_EXIST') return;
        throw error;
      }
    },

    async refund(request: RefundRequest) {
      try {
        const { json } = await wechatCall(settings, 'POST', '/v3/refund/domestic/refunds', {
          out_trade_no: request.orderNo,
          out_refund_no: request.refundNo,
          reason: request.reason.slice(0, 80),
          notify_url: settings.notifyUrl,
          amount: { refund: request.amountFen, total: request.totalFen, currency: 'CNY' },
        });
        return refundState(json);
      } catch (error) {
        // A 4xx is WeChat Pay refusing (NOT_ENOUGH, INVALID_REQUEST ...); a 5xx or no answer leaves the outcome open.
        if (error instanceof WechatPayError && error.status < 500) return { state: 'declined', reason: error.message };
        throw error;
      }
    },

    async queryRefund(request: RefundRequest) {
      try {
        const { json } = await wechatCall(settings, 'GET', `/v3/refund/domestic/refunds/${path(request.refundNo)}`);
        return refundState(json);
      } catch (error) {
        if (error instanceof WechatPayError && error.providerCode === 'RESOURCE_NOT_EXISTS') {
          return { state: 'declined', reason: '微信支付没有收到这笔退款申请' };
        }
        throw error;
      }
    },

    async bill(date) {
      let json: Record<string, unknown>;
      try {
        ({ json } = await wechatCall(settings, 'GET', `/v3/bill/tradebill?bill_date=${date}&bill_type=ALL`));
      } catch (error) {
        // No bill is made for a day without a single transaction.
        if (error instanceof WechatPayError && error.providerCode === 'NO_STATEMENT_EXIST') return [];
        throw error;
      }
      const file = await wechatDownload(settings, String(json.download_url));
      if (String(json.hash_type) !== 'SHA1' || createHash('sha1').update(file).digest('hex') !== String(json.hash_value).toLowerCase()) {
        throw new ProviderError('wechat', '微信支付账单文件的摘要不符，文件不完整或被篡改');
      }
      return parseTradeBill(file.toString('utf8'));
    },

    async parseNotification(raw, now): Promise<ProviderNotification> {
      const problem = signatureProblem(settings.platform, signedHeaders(raw.headers), raw.body, now, MAX_SIGNATURE_AGE_SECONDS);
      if (problem) throw new ProviderError('wechat', `通知未通过验签（${problem}）`);
      const envelope = JSON.parse(raw.body) as { event_type?: string; resource?: EncryptedResource };
      if (!envelope.resource) throw new ProviderError('wechat', '通知没有 resource');
      let plain: Record<string, unknown>;
      try {
        plain = JSON.parse(decryptResource(settings.apiV3Key, envelope.resource)) as Record<string, unknown>;
      } catch {
        throw new ProviderError('wechat', '通知的 resource 无法用 APIv3 密钥解密');
      }
      if (plain.mchid !== mchid) throw new ProviderError('wechat', '通知的商户号不是本商户');
      const event = String(envelope.event_type);
      if (event === 'TRANSACTION.SUCCESS') {
        if (plain.appid !== settings.appId || plain.trade_state !== 'SUCCESS') {
          throw new ProviderError('wechat', '支付通知的 appid 或交易状态不符');
        }
        return { kind: 'paid', ...paidEvidence(plain) };
      }
      if (event.startsWith('REFUND.')) {
        return { kind: 'refund', refundNo: String(plain.out_refund_no), refund: refundState(plain) };
      }
      return { kind: 'ignored', what: event };
    },

    answer(accepted) {
      // 接收成功：200 或 204，无需应答报文；失败：4XX/5XX 与 {"code":"FAIL","message":"失败"}，微信支付稍后重发。
      return accepted
        ? { status: 204, contentType: 'application/json', body: '' }
        : { status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
    },
  };
}

function paidEvidence(json: Record<string, unknown>) {
  const amount = json.amount as { total?: unknown } | undefined;
  const total = Number(amount?.total);
  if (!Number.isInteger(total) || typeof json.transaction_id !== 'string' || typeof json.out_trade_no !== 'string') {
    throw new ProviderError('wechat', '支付结果缺少订单号、微信支付单号或金额');
  }
  const paidAt = new Date(String(json.success_time));
  return {
    orderNo: json.out_trade_no,
    tradeNo: json.transaction_id,
    amountFen: total,
    paidAt: Number.isNaN(paidAt.getTime()) ? new Date() : paidAt,
  };
}
