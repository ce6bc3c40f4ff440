import { escapeHtml } from '../engines/report/escape-html';

/** A small self-contained mobile page (no React, no external assets). */
export interface Nonces {
  script: string;
  style: string;
}

export function page(title: string, body: string, script: string, nonce: Nonces): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce.style}">
  body { margin: 0; font-family: -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; background: #f5f7fa; color: #303133; }
  main { max-width: 420px; margin: 0 auto; padding: 32px 20px; }
  .card { background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 2px 12px rgba(0,0,0,.06); }
  h1 { font-size: 20px; margin: 0 0 8px; }
  .badge { display: inline-block; background: #fdf6ec; color: #e6a23c; border: 1px solid #f5dab1; border-radius: 4px; padding: 2px 8px; font-size: 12px; margin-bottom: 12px; }
  .muted { color: #909399; font-size: 14px; }
  .row { display: flex; justify-content: space-between; padding: 8px 0; border-bottom: 1px solid #f0f0f0; font-size: 15px; }
  .amount { font-size: 28px; color: #f56c6c; margin: 16px 0; }
  button { width: 100%; margin-top: 20px; padding: 14px; font-size: 17px; border: 0; border-radius: 8px; background: #409eff; color: #fff; }
  button:disabled { background: #a0cfff; }
  button.secondary { background: #fff; color: #409eff; border: 1px solid #409eff; }
  button.link { background: none; color: #409eff; margin-top: 8px; padding: 8px; font-size: 15px; }
  h2 { font-size: 17px; margin: 16px 0 4px; }
  label { display: block; font-size: 14px; margin: 12px 0 4px; }
  input { box-sizing: border-box; width: 100%; padding: 12px; font-size: 16px; border: 1px solid #dcdfe6; border-radius: 8px; }
  .small { font-size: 13px; }
  .divider { display: flex; align-items: center; gap: 12px; color: #909399; font-size: 14px; margin: 24px 0 0; }
  .divider::before, .divider::after { content: ""; flex: 1; border-top: 1px solid #ebeef5; }
  .ok { color: #67c23a; }
  .error { color: #f56c6c; }
  [hidden] { display: none !important; }
</style>
</head>
<body>
<main>${body}</main>
<script nonce="${nonce.script}">${script}</script>
</body>
</html>`;
}
