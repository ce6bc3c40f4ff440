import { escapeHtml } from '../engines/report/escape-html';
import { type Nonces, page } from './html';

export type WechatCallbackPage = { kind: 'signed_in' | 'linked'; loginName: string } | { kind: 'failed'; message: string };

/**
 * Where WeChat sends the scanner back, inside the frame the overlay (or the account centre) embedded: it
 * says what happened; the page around it sees it by its own poll, so this page needs no script.
 */
export function wechatCallbackPage(result: WechatCallbackPage, nonce: Nonces): string {
  const [title, text, cls] = wording(result);
  const body = `
<div class="card">
  <h1>${escapeHtml(title)}</h1>
  <p class="${cls}">${escapeHtml(text)}</p>
</div>`;
  return page(title, body, '', nonce);
}

function wording(result: WechatCallbackPage): [string, string, string] {
  if (result.kind === 'failed') return ['微信登录未完成', result.message, 'error'];
  if (result.kind === 'linked') return ['微信绑定成功', `微信已绑定账号 ${result.loginName}，之后可用微信扫码登录`, 'ok'];
  return ['微信登录成功', `已登录账号 ${result.loginName}，正在进入墨研…`, 'ok'];
}
