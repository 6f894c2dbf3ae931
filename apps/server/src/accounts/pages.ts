// Server-rendered pages of the bundled account service. Every value is escaped.

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => entities[char] ?? char);

const styles = `
:root{color-scheme:light;--ink:#111827;--muted:#6b7280;--line:#e5e7eb;--brand:#2563eb;--danger:#b91c1c}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f3f4f6;color:var(--ink);
font:15px/1.5 "Noto Sans KR","Apple SD Gothic Neo","Malgun Gothic",system-ui,sans-serif}
main{width:min(380px,calc(100vw - 32px));background:#fff;border:1px solid var(--line);border-radius:12px;padding:32px 28px}
h1{font-size:20px;margin:0 0 4px}
p.lead{color:var(--muted);margin:0 0 24px}
label{display:block;font-weight:600;margin:16px 0 6px}
input{width:100%;height:44px;border:1px solid #d1d5db;border-radius:8px;padding:0 12px;font:inherit}
input:focus{outline:2px solid var(--brand);outline-offset:1px;border-color:var(--brand)}
button,.button{display:block;width:100%;height:44px;margin-top:24px;border:0;border-radius:8px;background:var(--brand);color:#fff;
font:inherit;font-weight:700;cursor:pointer;text-align:center;line-height:44px;text-decoration:none}
.secondary{background:#fff;color:var(--ink);border:1px solid #d1d5db;margin-top:12px}
.error{margin:16px 0 0;padding:10px 12px;border-radius:8px;background:#fef2f2;color:var(--danger)}
dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 16px;margin:0}
dt{color:var(--muted)}dd{margin:0;word-break:break-all}
.brand{font-weight:800;color:var(--brand);margin-bottom:20px}`;

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Channel Studio 계정</title><style>${styles}</style></head>
<body><main><div class="brand">Channel Studio 계정</div>${body}</main></body></html>`;
}

export function loginPage(options: { action: string; login?: string; error?: string }): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '';
  return layout(
    '로그인',
    `<h1>로그인</h1><p class="lead">스튜디오에 사용할 계정으로 로그인하세요.</p>
<form method="post" action="${escapeHtml(options.action)}" autocomplete="on">
<label for="login">아이디</label>
<input id="login" name="login" autocomplete="username" required autofocus value="${escapeHtml(options.login ?? '')}">
<label for="password">비밀번호</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
${error}
<button type="submit">로그인</button>
</form>`,
  );
}

export function accountPage(account: { login: string; name: string; email: string | null }, studioUrl: string): string {
  return layout(
    '내 계정',
    `<h1>내 계정</h1><p class="lead">Channel Studio 계정 정보입니다.</p>
<dl><dt>이름</dt><dd>${escapeHtml(account.name)}</dd><dt>아이디</dt><dd>${escapeHtml(account.login)}</dd>
<dt>이메일</dt><dd>${escapeHtml(account.email ?? '-')}</dd></dl>
<a class="button" href="${escapeHtml(studioUrl)}">스튜디오로 돌아가기</a>
<form method="post" action="/auth/logout"><button class="secondary" type="submit">로그아웃</button></form>`,
  );
}

export function messagePage(title: string, message: string, link?: { href: string; label: string }): string {
  const action = link ? `<a class="button" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : '';
  return layout(title, `<h1>${escapeHtml(title)}</h1><p class="lead">${escapeHtml(message)}</p>${action}`);
}

/**
 * Asks before signing out: only a POST signs out (from this page or the
 * studio's menu), so a link, an image or a redirect from a foreign page cannot
 * sign a person out. Nothing changes until the button is pressed.
 */
export function logoutConfirmPage(studioUrl: string): string {
  return layout(
    '로그아웃',
    `<h1>로그아웃</h1><p class="lead">스튜디오와 계정에서 로그아웃합니다. 계속하려면 아래 버튼을 눌러 주세요.</p>
<form method="post" action="/auth/logout"><button type="submit">로그아웃</button></form>
<a class="button secondary" href="${escapeHtml(studioUrl)}">스튜디오로 돌아가기</a>`,
  );
}

/** The RP-initiated logout confirmation: submits itself, with a button if scripts are off. */
export function logoutPage(form: string): string {
  return layout(
    '로그아웃',
    `<h1>로그아웃</h1><p class="lead">계정에서 로그아웃하는 중입니다.</p>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">로그아웃</button>
<script src="/accounts/logout.js"></script>`,
  );
}

/** Submits the logout confirmation by itself; a file, not inline, so the page's CSP holds. */
export const logoutScript = `(function () {
  var form = document.getElementById('op.logoutForm');
  if (!form) return;
  var input = document.createElement('input');
  input.type = 'hidden';
  input.name = 'logout';
  input.value = 'yes';
  form.appendChild(input);
  form.submit();
})();
`;
