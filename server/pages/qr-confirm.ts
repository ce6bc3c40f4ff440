import { escapeHtml } from '../engines/report/escape-html';
import { type Nonces, page } from './html';

// The phone keeps a random device key in localStorage: it is this phone's identity, so every later
// scan from it signs in to the same account.
const script = `
(function () {
  var root = document.getElementById('qr');
  var id = root.getAttribute('data-id');
  var secret = new URLSearchParams(location.search).get('s') || '';
  var status = document.getElementById('status');
  var button = document.getElementById('confirm');
  var KEY = 'moyan-device-key';
  var deviceKey = localStorage.getItem(KEY);
  if (!deviceKey) {
    var bytes = crypto.getRandomValues(new Uint8Array(20));
    deviceKey = 'dk_' + Array.prototype.map.call(bytes, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
    localStorage.setItem(KEY, deviceKey);
  }
  function show(text, cls) { status.textContent = text; status.className = cls || 'muted'; }
  function call(action) {
    return fetch('/api/base/login_api/f/' + action, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: id, secret: secret, deviceKey: deviceKey })
    }).then(function (r) { return r.json(); }).then(function (body) {
      if (!body.success) throw new Error(body.error && body.error.message || '操作失败，请重试');
      return body.result;
    });
  }
  function render(state) {
    if (state.status === 'confirmed') {
      button.hidden = true;
      show('已确认登录' + (state.loginName ? '（账号 ' + state.loginName + '）' : '') + '，请回到电脑继续使用', 'ok');
    } else {
      button.hidden = false;
      show(root.getAttribute('data-hint'));
    }
  }
  function fail(error) { button.hidden = true; show(error.message, 'error'); }
  button.addEventListener('click', function () {
    button.disabled = true;
    call('qr_confirm').then(render, fail).then(function () { button.disabled = false; });
  });
  if (!secret) { fail(new Error('二维码链接不完整，请重新扫码')); return; }
  call('qr_scan').then(render, fail);
})();
`;

const HINT_OPEN =
  '确认后，电脑上的墨研将登录你的账号；首次扫码将自动注册，新账号可获赠一次免费查重（每台设备、每个网络每天名额有限）';
const HINT_CLOSED = '确认后，电脑上的墨研将登录你的账号；本站暂未开放注册，仅已有账号可扫码登录';

export function qrConfirmPage(id: string, nonce: Nonces, registrationOpen: boolean): string {
  const hint = registrationOpen ? HINT_OPEN : HINT_CLOSED;
  const body = `
<div class="card" id="qr" data-id="${escapeHtml(id)}" data-hint="${escapeHtml(hint)}">
  <h1>墨研 扫码登录</h1>
  <p id="status" class="muted">正在读取二维码…</p>
  <button id="confirm" type="button" hidden>确认登录</button>
</div>`;
  return page('墨研 扫码登录', body, script, nonce);
}
