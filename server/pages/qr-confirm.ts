import { escapeHtml } from '../engines/report/escape-html';
import { type Nonces, page } from './html';

// The phone keeps the device key this server issued at its last confirmation in localStorage: it is
// this phone's identity, so every later scan from it signs in to the same account. Each confirmation
// answers with the next key, which replaces the spent one.
const script = `
(function () {
  var root = document.getElementById('qr');
  var scanToken = root.getAttribute('data-token');
  var status = document.getElementById('status');
  var button = document.getElementById('confirm');
  var KEY = 'moyan-device-key';
  function readKey() { try { return localStorage.getItem(KEY); } catch (e) { return null; } }
  function keepKey(key) { try { localStorage.setItem(KEY, key); } catch (e) { /* private mode: a new phone next time */ } }
  function show(text, cls) { status.textContent = text; status.className = cls || 'muted'; }
  function call(action, payload) {
    return fetch('/api/base/login_api/f/' + action, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload)
    }).then(function (r) { return r.json(); }).then(function (body) {
      if (!body.success) throw new Error(body.error && body.error.message || '操作失败，请重试');
      return body.result;
    });
  }
  function confirm() {
    var payload = { scanToken: scanToken };
    var deviceKey = readKey();
    if (deviceKey) payload.deviceKey = deviceKey;
    return call('qr_confirm', payload).then(function (state) {
      if (state.deviceKey) keepKey(state.deviceKey);
      return state;
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
    confirm().then(render, fail).then(function () { button.disabled = false; });
  });
  if (!/^[A-Za-z0-9_-]{32,128}$/.test(scanToken)) { fail(new Error('二维码链接不完整，请重新扫码')); return; }
  call('qr_scan', { scanToken: scanToken }).then(render, fail);
})();
`;

const HINT_OPEN =
  '确认后，电脑上的墨研将登录你的账号；首次扫码将自动注册，新账号可获赠一次免费查重（每台设备、每个网络每天名额有限）';
const HINT_CLOSED = '确认后，电脑上的墨研将登录你的账号；本站暂未开放注册，仅已有账号可扫码登录';

export function qrConfirmPage(scanToken: string, nonce: Nonces, registrationOpen: boolean): string {
  const hint = registrationOpen ? HINT_OPEN : HINT_CLOSED;
  const body = `
<div class="card" id="qr" data-token="${escapeHtml(scanToken)}" data-hint="${escapeHtml(hint)}">
  <h1>墨研 扫码登录</h1>
  <p id="status" class="muted">正在读取二维码…</p>
  <button id="confirm" type="button" hidden>确认登录</button>
</div>`;
  return page('墨研 扫码登录', body, script, nonce);
}
