import type { ApiResponse } from '../http/types';
import type { AuthContext } from './context';
import { escapeHtml } from './html';
import type { OAuthProvider } from './oauth-providers';

interface AccountChoice {
  email: string;
  name: string;
}

/**
 * The local consent page of Google or Microsoft: the newest accounts to pick from, a form for any
 * other address, and Cancel. Every form posts the sealed `state` back to
 * POST /auth/v1/authorize/{provider}.
 */
export async function consentPage(
  context: AuthContext,
  provider: OAuthProvider,
  state: string,
  problem?: string,
  status = 200,
): Promise<ApiResponse> {
  const { rows } = await context.pool.query<AccountChoice>(
    `select email, coalesce(raw_user_meta_data ->> 'full_name', raw_user_meta_data ->> 'name', '') as name
       from auth.users
      where email is not null and email <> '' and deleted_at is null
      order by last_sign_in_at desc nulls last, created_at desc
      limit 25`,
  );
  // A path, so the form works whichever host name the browser used.
  const action = `/auth/v1/authorize/${provider.name}`;
  const hiddenState = `<input type="hidden" name="state" value="${escapeHtml(state)}">`;
  // Microsoft's `xms_edov`: whether the directory owns the address's domain, which decides linking.
  const domainVerified = provider.asksDomainVerified
    ? `<label class="check"><input type="checkbox" name="domain_verified" checked>
      The organisation has verified this address's domain (xms_edov)</label>`
    : '';
  const pickDomainVerified = provider.asksDomainVerified
    ? '<input type="hidden" name="domain_verified" value="on">'
    : '';
  const accounts = rows
    .map(
      (account) => `
      <li><form method="post" action="${escapeHtml(action)}">${hiddenState}
        <input type="hidden" name="email" value="${escapeHtml(account.email)}">${pickDomainVerified}
        <button type="submit"><strong>${escapeHtml(account.name || account.email)}</strong>
        ${account.name ? `<span>${escapeHtml(account.email)}</span>` : ''}</button>
      </form></li>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with ${escapeHtml(provider.brand)} (local)</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f1f3f4; margin: 0; padding: 2rem 1rem; color: #202124; }
  main { max-width: 26rem; margin: 0 auto; background: #fff; border-radius: 8px; padding: 1.5rem 2rem; box-shadow: 0 1px 3px rgba(0,0,0,.2); }
  h1 { font-size: 1.4rem; font-weight: 500; margin: 0 0 .25rem; }
  h2 { font-size: 1rem; font-weight: 500; margin: 0; }
  p { color: #5f6368; margin: 0 0 1rem; }
  ul { list-style: none; padding: 0; margin: 0 0 1.5rem; }
  li button { width: 100%; text-align: left; background: none; border: 0; border-bottom: 1px solid #dadce0; padding: .75rem .25rem; cursor: pointer; font: inherit; display: flex; flex-direction: column; }
  li button:hover, li button:focus { background: #f8f9fa; }
  li span { color: #5f6368; font-size: .9rem; }
  label { display: block; margin: .75rem 0 .25rem; }
  input[type=email], input[type=text] { width: 100%; box-sizing: border-box; padding: .6rem; border: 1px solid #dadce0; border-radius: 4px; font: inherit; }
  .submit { margin-top: 1rem; background: #1a73e8; color: #fff; border: 0; border-radius: 4px; padding: .6rem 1.2rem; font: inherit; cursor: pointer; }
  .check { display: flex; gap: .5rem; align-items: flex-start; font-size: .9rem; }
  .check input { margin-top: .2rem; }
  .cancel { margin-top: 1rem; background: none; border: 1px solid #dadce0; border-radius: 4px; padding: .6rem 1.2rem; font: inherit; cursor: pointer; color: #1a73e8; }
  .problem { color: #d93025; }
</style>
</head>
<body>
<main>
  <h1>Choose an account</h1>
  <p>Local stand-in for ${escapeHtml(provider.brand)}'s sign-in: no data leaves this machine.</p>
  ${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : ''}
  ${accounts ? `<ul>${accounts}</ul>` : ''}
  <form method="post" action="${escapeHtml(action)}">${hiddenState}
    <h2>Use another account</h2>
    <label for="email">E-mail</label>
    <input id="email" name="email" type="email" required autocomplete="email">
    <label for="name">Name (for a new account)</label>
    <input id="name" name="name" type="text" autocomplete="name">
    ${domainVerified}
    <button class="submit" type="submit">Continue</button>
  </form>
  <form method="post" action="${escapeHtml(action)}">${hiddenState}
    <button class="cancel" type="submit" name="cancel" value="1">Cancel</button>
  </form>
</main>
</body>
</html>`;
  return {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'X-Frame-Options': 'DENY',
    },
    raw: html,
  };
}
