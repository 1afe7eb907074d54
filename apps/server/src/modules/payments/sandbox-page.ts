import type { Locale } from '@drama/contracts';

/**
 * The sandbox channel's checkout page: what a sandbox QR code opens on a phone. Small and
 * self-contained (no web app, no inline script, so a strict Content-Security-Policy holds);
 * its script and styles are served beside it.
 */

export const SANDBOX_SCRIPT_PATH = '/sandbox/checkout.js';
export const SANDBOX_STYLE_PATH = '/sandbox/checkout.css';

export const SANDBOX_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const TEXTS = {
  'zh-CN': {
    title: '收银台（沙箱）',
    note: '这是测试收银台，不会产生真实扣款。',
    plan: '套餐',
    amount: '金额',
    channel: '支付方式',
    orderNo: '订单号',
    timeLeft: '剩余时间',
    pay: '确认支付',
    fail: '模拟失败',
    alipay: '支付宝',
    wechat: '微信支付',
    working: '处理中…',
    paid: '支付成功，请回到应用查看会员。',
    failed: '支付失败，请回到应用重新下单。',
    closed: '订单已关闭，无法支付。',
    error: '出错了，请稍后重试。',
    notFound: '找不到这个订单，或沙箱支付未开启。',
    leave: '不付款，返回应用',
    back: '返回应用',
    returning: '正在返回应用…',
  },
  'zh-Hant': {
    title: '收銀台（沙箱）',
    note: '這是測試收銀台，不會產生真實扣款。',
    plan: '方案',
    amount: '金額',
    channel: '付款方式',
    orderNo: '訂單編號',
    timeLeft: '剩餘時間',
    pay: '確認付款',
    fail: '模擬失敗',
    alipay: '支付寶',
    wechat: '微信支付',
    working: '處理中…',
    paid: '付款成功，請回到應用程式查看會員。',
    failed: '付款失敗，請回到應用程式重新下單。',
    closed: '訂單已關閉，無法付款。',
    error: '發生錯誤，請稍後再試。',
    notFound: '找不到這筆訂單，或沙箱付款未開啟。',
    leave: '不付款，返回應用程式',
    back: '返回應用程式',
    returning: '正在返回應用程式…',
  },
  'en-US': {
    title: 'Checkout (sandbox)',
    note: 'This is a test checkout. No real money is charged.',
    plan: 'Plan',
    amount: 'Amount',
    channel: 'Pay with',
    orderNo: 'Order number',
    timeLeft: 'Time left',
    pay: 'Pay',
    fail: 'Fail',
    alipay: 'Alipay',
    wechat: 'WeChat Pay',
    working: 'Working…',
    paid: 'Paid. Go back to the app to see your membership.',
    failed: 'Payment failed. Go back to the app to order again.',
    closed: 'This order is closed and can no longer be paid.',
    error: 'Something went wrong. Try again later.',
    notFound: 'This order was not found, or sandbox payments are off.',
    leave: 'Back without paying',
    back: 'Back to the app',
    returning: 'Going back to the app…',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${SANDBOX_STYLE_PATH}">
<script src="${SANDBOX_SCRIPT_PATH}" defer></script>
</head>
<body>
${body}
</body>
</html>
`;
}

export interface CheckoutView {
  orderNo: string;
  planName: string;
  amountFen: number;
  channel: 'alipay' | 'wechat';
  /** pending (payable), paid, failed or closed. */
  state: 'pending' | 'paid' | 'failed' | 'closed';
  expiresAt: Date;
  apiPath: string;
  /** Opened by a phone's payment flow: the app's result page to go back to once paid, failed or left. */
  returnPath: string | null;
}

function yuan(fen: number): string {
  return `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

export function checkoutPage(view: CheckoutView, locale: Locale): string {
  const t = TEXTS[locale];
  const payable = view.state === 'pending';
  const status = view.state === 'pending' ? '' : t[view.state];
  const data = [
    ['api', view.apiPath],
    ['expires', view.expiresAt.toISOString()],
    ['msg-working', t.working],
    ['msg-paid', t.paid],
    ['msg-failed', t.failed],
    ['msg-closed', t.closed],
    ['msg-error', t.error],
    ['msg-returning', t.returning],
    ...(view.returnPath ? [['return', view.returnPath]] : []),
  ]
    .map(([name, value]) => `data-${name}="${escapeHtml(value ?? '')}"`)
    .join(' ');
  return page(
    locale,
    t.title,
    `<main class="card" id="checkout" ${data}>
  <p class="badge">${escapeHtml(t.note)}</p>
  <h1>${escapeHtml(t.title)}</h1>
  <p class="amount">${yuan(view.amountFen)}</p>
  <dl>
    <div><dt>${escapeHtml(t.plan)}</dt><dd class="plan">${escapeHtml(view.planName)}</dd></div>
    <div><dt>${escapeHtml(t.channel)}</dt><dd>${escapeHtml(t[view.channel])}</dd></div>
    <div><dt>${escapeHtml(t.orderNo)}</dt><dd class="mono">${escapeHtml(view.orderNo)}</dd></div>
    ${payable ? `<div><dt>${escapeHtml(t.timeLeft)}</dt><dd class="mono" id="countdown">--:--</dd></div>` : ''}
  </dl>
  <p class="status${payable ? '' : ` ${view.state}`}" id="status" role="status" aria-live="polite">${escapeHtml(status)}</p>
  ${
    payable
      ? `<div class="actions">
    <button type="button" class="pay" data-result="success">${escapeHtml(t.pay)}</button>
    <button type="button" class="fail" data-result="fail">${escapeHtml(t.fail)}</button>
  </div>`
      : ''
  }
  ${view.returnPath ? `<a class="leave" id="leave" href="${escapeHtml(view.returnPath)}">${escapeHtml(payable ? t.leave : t.back)}</a>` : ''}
</main>`,
  );
}

export function notFoundPage(locale: Locale): string {
  const t = TEXTS[locale];
  return page(locale, t.title, `<main class="card"><h1>${escapeHtml(t.title)}</h1><p class="status closed">${escapeHtml(t.notFound)}</p></main>`);
}

export const SANDBOX_STYLE = `:root {
  color-scheme: light dark;
  --bg: #f5f5f7;
  --card: #ffffff;
  --text: #1c1c1e;
  --muted: #6e6e73;
  --line: #e5e5ea;
  /* The app's filled accent: white text on it reads at 4.7:1. */
  --accent: #e3173f;
  --ok: #1a7f37;
  --bad: #c62828;
  font-family: system-ui, -apple-system, "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif;
}
@media (prefers-color-scheme: dark) {
  :root { --bg: #0b0b0f; --card: #1c1c22; --text: #f2f2f7; --muted: #a1a1aa; --line: #2c2c35; --ok: #4ade80; --bad: #f87171; }
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: var(--bg); color: var(--text); display: flex; justify-content: center; padding: 24px 16px; }
.card { width: 100%; max-width: 420px; background: var(--card); border-radius: 16px; padding: 24px 20px; align-self: flex-start; }
.badge { margin: 0 0 12px; font-size: 13px; color: var(--muted); }
h1 { margin: 0; font-size: 18px; font-weight: 600; }
.amount { margin: 12px 0 20px; font-size: 36px; font-weight: 700; font-variant-numeric: tabular-nums; }
dl { margin: 0; border-top: 1px solid var(--line); }
dl div { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 16px; padding: 12px 0; border-bottom: 1px solid var(--line); }
dt { color: var(--muted); flex: none; }
/* A value too long to sit beside its label moves below it, whole, rather than breaking. */
dd { margin: 0 0 0 auto; text-align: right; min-width: 0; max-width: 100%; overflow-wrap: anywhere; }
.mono { font-variant-numeric: tabular-nums; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
.status { min-height: 1.5em; margin: 16px 0 0; }
.status.paid { color: var(--ok); }
.status.failed, .status.closed { color: var(--bad); }
.actions { display: grid; gap: 12px; margin-top: 16px; }
button { min-height: 48px; border-radius: 24px; font-size: 16px; font-weight: 600; cursor: pointer; border: 1px solid transparent; }
button.pay { background: var(--accent); color: #fff; }
button.fail { background: transparent; color: var(--text); border-color: var(--line); }
button:disabled { opacity: 0.5; cursor: default; }
button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
a.leave { display: flex; align-items: center; justify-content: center; min-height: 48px; margin-top: 12px; color: var(--muted); font-size: 15px; text-decoration: none; border-radius: 24px; }
`;

export const SANDBOX_SCRIPT = `(() => {
  'use strict';
  const root = document.getElementById('checkout');
  if (!root) return;
  const status = document.getElementById('status');
  const countdown = document.getElementById('countdown');
  const buttons = Array.from(root.querySelectorAll('button[data-result]'));
  const expires = Date.parse(root.dataset.expires || '');
  let timer = 0;

  function show(text, kind) {
    status.textContent = text;
    status.className = kind ? 'status ' + kind : 'status';
  }

  function finish(text, kind) {
    window.clearInterval(timer);
    buttons.forEach((button) => button.remove());
    if (countdown) countdown.textContent = '00:00';
    show(text, kind);
    // Opened by a phone's payment: back to the app's result page, as a channel's page returns.
    const back = root.dataset.return;
    if (back) {
      const leave = document.getElementById('leave');
      if (leave) leave.remove();
      window.setTimeout(() => {
        show(root.dataset.msgReturning, kind);
        window.location.replace(back);
      }, 800);
    }
  }

  function tick() {
    const left = Math.max(0, Math.floor((expires - Date.now()) / 1000));
    if (countdown) {
      countdown.textContent = String(Math.floor(left / 60)).padStart(2, '0') + ':' + String(left % 60).padStart(2, '0');
    }
    if (left === 0) finish(root.dataset.msgClosed, 'closed');
  }

  async function send(result) {
    buttons.forEach((button) => { button.disabled = true; });
    show(root.dataset.msgWorking, '');
    try {
      const response = await fetch(root.dataset.api, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ result }),
      });
      const answer = await response.json().catch(() => null);
      if (response.ok && answer && answer.data) {
        if (answer.data.status === 'success') return finish(root.dataset.msgPaid, 'paid');
        if (answer.data.status === 'failed') return finish(root.dataset.msgFailed, 'failed');
        return finish(root.dataset.msgClosed, 'closed');
      }
      if (response.status === 409 || response.status === 404) return finish(root.dataset.msgClosed, 'closed');
      show(root.dataset.msgError, 'failed');
    } catch {
      show(root.dataset.msgError, 'failed');
    }
    buttons.forEach((button) => { button.disabled = false; });
  }

  buttons.forEach((button) => button.addEventListener('click', () => send(button.dataset.result)));
  if (countdown && Number.isFinite(expires)) {
    tick();
    timer = window.setInterval(tick, 1000);
  }
})();
`;
