import { escapeHtml } from '../engines/report/escape-html';
import { type Nonces, page } from './html';

// The phone keeps the device key this server issued at its last confirmation in localStorage: it is
// this phone's identity, so every later scan from it signs in to the same account. Each confirmation
// answers with the next key, which replaces the spent one. A phone the server does not know (new, another
// browser, cleared data) is never silently given a new account: it chooses between signing in to an
// existing account with its password and making a new one.
const script = `
(function () {
  var root = document.getElementById('qr');
  var scanToken = root.getAttribute('data-token');
  var status = document.getElementById('status');
  var button = document.getElementById('confirm');
  var other = document.getElementById('other');
  var choose = document.getElementById('choose');
  var form = document.getElementById('account');
  var formError = document.getElementById('form-error');
  var create = document.getElementById('create');
  var KEY = 'moyan-device-key';
  function readKey() { try { return localStorage.getItem(KEY); } catch (e) { return null; } }
  function keepKey(key) { try { localStorage.setItem(KEY, key); } catch (e) { /* private mode: a new phone next time */ } }
  function show(text, cls) { status.textContent = text; status.className = cls || 'muted'; }
  function withKey(payload) {
    var deviceKey = readKey();
    if (deviceKey && /^[A-Za-z0-9_-]{16,128}$/.test(deviceKey)) payload.deviceKey = deviceKey;
    return payload;
  }
  function call(action, payload) {
    return fetch('/api/base/login_api/f/' + action, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload)
    }).then(function (r) {
      return r.json().then(function (body) {
        if (!body.success) {
          var error = new Error(body.error && body.error.message || '操作失败，请重试');
          error.status = r.status;
          throw error;
        }
        return body.result;
      });
    });
  }
  function confirmed(state) {
    if (state.deviceKey) keepKey(state.deviceKey);
    return state;
  }
  function hideAll() { button.hidden = true; other.hidden = true; choose.hidden = true; }
  function render(state) {
    hideAll();
    if (state.status === 'confirmed') {
      show('已确认登录' + (state.loginName ? '（账号 ' + state.loginName + '）' : '') + '，请回到电脑继续使用', 'ok');
    } else if (state.knownPhone) {
      button.hidden = false;
      other.hidden = false;
      show(root.getAttribute('data-known'));
    } else {
      choose.hidden = false;
      show(root.getAttribute('data-new'));
    }
  }
  function fail(error) { hideAll(); show(error.message, 'error'); }
  function busy(element, promise) {
    element.disabled = true;
    return promise.then(function () { element.disabled = false; }, function () { element.disabled = false; });
  }
  button.addEventListener('click', function () {
    busy(button, call('qr_confirm', withKey({ scanToken: scanToken })).then(confirmed).then(render, fail));
  });
  other.addEventListener('click', function () {
    hideAll();
    choose.hidden = false;
    show(root.getAttribute('data-new'));
  });
  if (create) {
    create.addEventListener('click', function () {
      busy(create, call('qr_confirm', { scanToken: scanToken }).then(confirmed).then(render, fail));
    });
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    formError.hidden = true;
    var payload = { scanToken: scanToken, username: form.elements.username.value.trim(), password: form.elements.password.value };
    if (!payload.username || !payload.password) {
      formError.textContent = '请输入登录名（或手机号）和密码';
      formError.hidden = false;
      return;
    }
    var submit = form.querySelector('button');
    busy(submit, call('qr_confirm_account', payload).then(confirmed).then(render, function (error) {
      // A wrong password or its back-off stays on the form; a code that expired or was used ends the page.
      if (error.status === 400 || error.status === 401 || error.status === 429) {
        formError.textContent = error.message;
        formError.hidden = false;
      } else {
        fail(error);
      }
    }));
  });
  if (!/^[A-Za-z0-9_-]{32,128}$/.test(scanToken)) { fail(new Error('二维码链接不完整，请重新扫码')); return; }
  call('qr_scan', withKey({ scanToken: scanToken })).then(render, fail);
})();
`;

const KNOWN_PHONE = '确认后，电脑上的墨研将登录这部手机上次登录的账号';
const NEW_PHONE = '这部手机（或这个浏览器）还没有在墨研扫码登录过。已有账号（例如换了手机）请直接登录，余额和记录都在原账号里';

export function qrConfirmPage(scanToken: string, nonce: Nonces, registrationOpen: boolean): string {
  const newAccount = registrationOpen
    ? `<div class="divider">还没有墨研账号</div>
    <button id="create" type="button" class="secondary">注册新账号并登录</button>
    <p class="muted small">新账号可获赠一次免费查重（每台设备、每个网络每天名额有限）</p>`
    : '<p class="muted small">本站暂未开放注册，仅已有账号可扫码登录</p>';
  const body = `
<div class="card" id="qr" data-token="${escapeHtml(scanToken)}" data-known="${escapeHtml(KNOWN_PHONE)}" data-new="${escapeHtml(NEW_PHONE)}">
  <h1>墨研 扫码登录</h1>
  <p id="status" class="muted">正在读取二维码…</p>
  <button id="confirm" type="button" hidden>确认登录</button>
  <button id="other" type="button" class="link" hidden>登录其他账号</button>
  <section id="choose" hidden>
    <form id="account" novalidate>
      <h2>登录已有账号</h2>
      <label for="username">登录名或手机号</label>
      <input id="username" name="username" autocomplete="username" maxlength="64" required>
      <label for="password">密码</label>
      <input id="password" name="password" type="password" autocomplete="current-password" maxlength="72" required>
      <p id="form-error" class="error" role="alert" hidden></p>
      <button type="submit">登录并确认</button>
      <p class="muted small">扫码注册的账号需先在电脑上的“账户中心”设置登录密码，才能在新手机上登录。</p>
    </form>
    ${newAccount}
  </section>
</div>`;
  return page('墨研 扫码登录', body, script, nonce);
}
