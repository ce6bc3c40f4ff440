import { AlipaySdk } from 'alipay-sdk';
import yauzl from 'yauzl';
import { fenToYuan, yuanToFen } from '../amounts';
import {
  type BillLine,
  type NotifyingProvider,
  type PaidEvidence,
  type PaymentState,
  ProviderError,
  type RefundRequest,
  type RefundState,
} from '../provider';
import { parseTradeDetails } from './bill';
import type { AlipaySettings } from './settings';

// Alipay 当面付 (face-to-face payment) through the official alipay-sdk on the OpenAPI 2.0 gateway, RSA2:
// alipay.trade.precreate (qr_code), alipay.trade.query / close / refund, alipay.trade.fastpay.refund.query,
// alipay.data.dataservice.bill.downloadurl.query and the asynchronous notification (opendocs.alipay.com, 2024-2025).

const OK = '10000';
const BILL_LIMIT_BYTES = 20 * 1024 * 1024;

type AlipayAnswer = Record<string, string | undefined>;

export function alipayProvider(settings: AlipaySettings): NotifyingProvider {
  const sdk = new AlipaySdk({
    appId: settings.appId,
    privateKey: settings.privateKeyPem,
    keyType: 'PKCS8',
    alipayPublicKey: settings.alipayPublicKeyPem,
    gateway: settings.gateway,
    timeout: settings.timeoutMs,
    camelcase: false,
  });

  /** One gateway call whose answer must carry Alipay's valid signature. */
  const call = async (method: string, bizContent: Record<string, string>, extra: Record<string, string> = {}): Promise<AlipayAnswer> => {
    try {
      return (await sdk.exec(method, { ...extra, bizContent }, { validateSign: true })) as AlipayAnswer;
    } catch (error) {
      const message = (error as Error).message ?? '';
      throw new ProviderError('alipay', message.includes('验签') ? '支付宝的应答未通过验签' : `无法完成支付宝调用 ${method}（${message.slice(0, 120)}）`);
    }
  };
  const failure = (method: string, answer: AlipayAnswer) =>
    new ProviderError('alipay', `支付宝 ${method} 返回 ${answer.code} ${answer.sub_code ?? ''}：${answer.sub_msg ?? answer.msg ?? ''}`, answer.sub_code ?? answer.code);

  const queryRefund = async (request: RefundRequest): Promise<RefundState> => {
    const answer = await call('alipay.trade.fastpay.refund.query', { out_trade_no: request.orderNo, out_request_no: request.refundNo });
    if (answer.code !== OK) throw failure('alipay.trade.fastpay.refund.query', answer);
    // Only a refund that succeeded has a refund_status; without one Alipay holds no such refund.
    return answer.refund_status === 'REFUND_SUCCESS'
      ? { state: 'succeeded', refundId: answer.out_request_no ?? request.refundNo }
      : { state: 'declined', reason: '支付宝没有这笔退款' };
  };

  return {
    channel: 'alipay',

    async start(order) {
      const minutes = Math.max(1, Math.ceil((order.expiresAt.getTime() - Date.now()) / 60_000));
      const answer = await call(
        'alipay.trade.precreate',
        {
          out_trade_no: order.orderNo,
          total_amount: fenToYuan(order.amountFen),
          subject: order.description.slice(0, 256),
          timeout_express: `${minutes}m`,
        },
        { notifyUrl: settings.notifyUrl },
      );
      if (answer.code !== OK || !answer.qr_code) throw failure('alipay.trade.precreate', answer);
      return { payUrl: null, qrCode: answer.qr_code };
    },

    async query(orderNo): Promise<PaymentState> {
      const answer = await call('alipay.trade.query', { out_trade_no: orderNo });
      // A precreated trade exists at Alipay only once it was scanned.
      if (answer.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'unknown' };
      if (answer.code !== OK) throw failure('alipay.trade.query', answer);
      switch (answer.trade_status) {
        case 'TRADE_SUCCESS':
        case 'TRADE_FINISHED':
          return { state: 'paid', ...evidence(answer, answer.send_pay_date) };
        case 'WAIT_BUYER_PAY':
          return { state: 'unpaid' };
        default:
          return { state: 'closed' };
      }
    },

    async close(orderNo) {
      const answer = await call('alipay.trade.close', { out_trade_no: orderNo });
      if (answer.code === OK || answer.sub_code === 'ACQ.TRADE_NOT_EXIST') return;
      throw failure('alipay.trade.close', answer);
    },

    async refund(request) {
      const answer = await call('alipay.trade.refund', {
        out_trade_no: request.orderNo,
        refund_amount: fenToYuan(request.amountFen),
        out_request_no: request.refundNo,
        refund_reason: request.reason.slice(0, 256),
      });
      // 40004 is a business refusal (balance too low, trade finished ...); other codes leave the outcome open.
      if (answer.code === '40004') return { state: 'declined', reason: `${answer.sub_code ?? ''} ${answer.sub_msg ?? answer.msg ?? ''}`.trim() };
      if (answer.code !== OK) throw failure('alipay.trade.refund', answer);
      // fund_change N: this request number was refunded before (a repeat); ask what became of it.
      return answer.fund_change === 'Y' ? { state: 'succeeded', refundId: answer.trade_no ?? null } : queryRefund(request);
    },

    queryRefund,

    async bill(date) {
      const answer = await call('alipay.data.dataservice.bill.downloadurl.query', { bill_type: 'trade', bill_date: date });
      if (answer.sub_code === 'isp.bill_not_exist') return [];
      if (answer.code !== OK || !answer.bill_download_url) throw failure('alipay.data.dataservice.bill.downloadurl.query', answer);
      let response: Response;
      try {
        response = await fetch(answer.bill_download_url, { signal: AbortSignal.timeout(settings.timeoutMs) });
      } catch (error) {
        throw new ProviderError('alipay', `支付宝账单下载失败（${(error as Error).message}）`);
      }
      if (!response.ok) throw new ProviderError('alipay', `支付宝账单下载失败（HTTP ${response.status}）`);
      return billLines(Buffer.from(await response.arrayBuffer()));
    },

    async parseNotification(raw) {
      const params = Object.fromEntries(new URLSearchParams(raw.body));
      // checkNotifySignV2 signs the values as received (already form-decoded), as Alipay does.
      if (!sdk.checkNotifySignV2(params)) throw new ProviderError('alipay', '通知未通过验签');
      if (params.app_id !== settings.appId) throw new ProviderError('alipay', '通知的 app_id 不是本应用');
      // A refund's notification (it carries gmt_refund) changes nothing here: refunds are confirmed by their own call.
      if (params.gmt_refund || params.refund_fee) return { kind: 'ignored', what: 'refund' };
      if (params.trade_status === 'TRADE_SUCCESS' || params.trade_status === 'TRADE_FINISHED') {
        return { kind: 'paid', ...evidence(params, params.gmt_payment) };
      }
      return { kind: 'ignored', what: String(params.trade_status ?? params.notify_type) };
    },

    answer(accepted) {
      // Alipay stops resending only on the plain text "success".
      return accepted
        ? { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' }
        : { status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' };
    },
  };
}

function evidence(answer: AlipayAnswer, paidAtText: string | undefined): PaidEvidence {
  const amountFen = yuanToFen(answer.total_amount ?? '');
  if (amountFen === null || !answer.out_trade_no || !answer.trade_no) {
    throw new ProviderError('alipay', '支付结果缺少订单号、支付宝交易号或金额');
  }
  // Alipay writes times in China time without a zone: 2026-11-27 10:30:00.
  const paidAt = new Date(`${(paidAtText ?? '').replace(' ', 'T')}+08:00`);
  return { orderNo: answer.out_trade_no, tradeNo: answer.trade_no, amountFen, paidAt: Number.isNaN(paidAt.getTime()) ? new Date() : paidAt };
}

/** The 业务明细 file inside the bill zip (GBK), read into lines. */
async function billLines(zipFile: Buffer): Promise<BillLine[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(zipFile, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw new ProviderError('alipay', '支付宝账单不是有效的 zip 文件');
  }
  try {
    for await (const entry of zip.eachEntry()) {
      if (!entry.fileName.endsWith('业务明细.csv') || entry.uncompressedSize > BILL_LIMIT_BYTES) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of (await zip.openReadStreamPromise(entry)) as AsyncIterable<Buffer>) chunks.push(chunk);
      return parseTradeDetails(new TextDecoder('gbk').decode(Buffer.concat(chunks)));
    }
  } finally {
    zip.close();
  }
  throw new ProviderError('alipay', '支付宝账单中没有业务明细文件');
}
