import type { OrderView } from '../services/orders/orders';
import { NO_PAYMENT_CHANNEL } from '../services/payments/channels';
import { escapeHtml } from '../engines/report/escape-html';
import { type Nonces, page } from './html';

const statusText: Record<OrderView['status'], string> = {
  pending: '待支付',
  paid: '已支付',
  refunded: '已退款',
  closed: '已关闭',
};

const script = `
(function () {
  var statusText = ${JSON.stringify(statusText)};
  var root = document.getElementById('pay');
  var status = document.getElementById('status');
  var button = document.getElementById('confirm');
  var result = document.getElementById('result');
  var back = document.getElementById('back');
  function show(text, cls) { result.textContent = text; result.className = cls; }
  button.addEventListener('click', function () {
    button.disabled = true;
    fetch('/api/order/order_info_api/f/sandbox_notify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId: root.getAttribute('data-id'), token: new URLSearchParams(location.search).get('token') || '' })
    }).then(function (r) { return r.json(); }).then(function (body) {
      if (!body.success) throw new Error(body.error && body.error.message || '支付失败，请重试');
      button.hidden = true;
      back.hidden = false;
      status.textContent = statusText[body.result.status] || statusText.paid;
      show('支付成功，余额已到账', 'ok');
    }).catch(function (error) {
      button.disabled = false;
      show(error.message, 'error');
    });
  });
})();
`;

function yuan(fen: number): string {
  return `¥${(fen / 100).toFixed(2)}`;
}

export function sandboxPayPage(order: OrderView, nonce: Nonces): string {
  const payable = order.status === 'pending';
  const body = `
<div class="card" id="pay" data-id="${escapeHtml(order.id)}">
  <span class="badge">沙箱支付</span>
  <h1>确认支付</h1>
  <p class="muted">这是测试用的沙箱支付，不会产生真实扣款。</p>
  <div class="amount">${yuan(order.amountFen)}</div>
  <div class="row"><span>商品</span><span>${escapeHtml(order.packageName)}</span></div>
  <div class="row"><span>到账余额</span><span>${yuan(order.creditFen)}</span></div>
  <div class="row"><span>订单号</span><span>${escapeHtml(order.orderNo)}</span></div>
  <div class="row"><span>状态</span><span id="status">${statusText[order.status]}</span></div>
  <p id="result" class="${payable ? 'muted' : 'error'}">${payable ? '' : `订单${statusText[order.status]}，无需支付`}</p>
  <button id="confirm" type="button"${payable ? '' : ' hidden'}>确认支付</button>
  <p><a id="back" href="/order/account"${payable ? ' hidden' : ''}>返回账户中心</a></p>
</div>`;
  return page('沙箱支付 - 墨研', body, script, nonce);
}

export function invalidPayLinkPage(nonce: Nonces): string {
  const body = `
<div class="card">
  <span class="badge">沙箱支付</span>
  <h1>支付链接无效</h1>
  <p class="error">支付链接无效或已失效，请回到墨研重新下单。</p>
</div>`;
  return page('沙箱支付 - 墨研', body, '', nonce);
}

export function sandboxClosedPage(nonce: Nonces): string {
  const body = `
<div class="card">
  <span class="badge">沙箱支付</span>
  <h1>沙箱支付未开启</h1>
  <p class="error">本站未开启沙箱支付，此链接不能支付。${NO_PAYMENT_CHANNEL}。</p>
  <p><a href="/order/account">返回账户中心</a></p>
</div>`;
  return page('沙箱支付 - 墨研', body, '', nonce);
}
