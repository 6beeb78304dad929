import type { MailAddress } from './addresses';
import { attachmentPartId, type StoredMessage } from './store';

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ??
      character,
  );
}

const formatAddress = (address: MailAddress) =>
  address.Name ? `${address.Name} <${address.Address}>` : address.Address;

const formatTime = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Escaped text with its web addresses made clickable (sign-in links are why one opens a mail). */
function linkify(text: string): string {
  return escapeHtml(text).replace(
    /https?:\/\/[^\s<>"']+/g,
    (url) => `<a href="${url}" target="_blank" rel="noreferrer">${url}</a>`,
  );
}

const styles = `
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1f2933; background: #f5f7fa; }
  header { background: #243b53; color: #fff; padding: 12px 24px; display: flex; gap: 16px; align-items: center; }
  header a { color: #fff; }
  main { padding: 16px 24px; max-width: 1100px; }
  table { border-collapse: collapse; width: 100%; background: #fff; }
  th, td { text-align: left; padding: 8px 12px; border-bottom: 1px solid #d9e2ec; }
  tr.unread td { font-weight: 600; }
  pre { white-space: pre-wrap; background: #fff; padding: 12px; border: 1px solid #d9e2ec; }
  iframe { width: 100%; height: 480px; border: 1px solid #d9e2ec; background: #fff; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; }
  dt { font-weight: 600; }
  button { cursor: pointer; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body>
<header><strong>Local mailbox</strong><a href="/">All messages</a></header>
<main>
${body}
</main>
</body>
</html>`;
}

export function listPage(messages: StoredMessage[], total: number): string {
  const rows = messages
    .map(
      (message) => `<tr class="${message.read ? 'read' : 'unread'}">
  <td><a href="/view/${encodeURIComponent(message.id)}">${escapeHtml(message.subject || '(no subject)')}</a></td>
  <td>${escapeHtml(message.to.map(formatAddress).join(', '))}</td>
  <td><time datetime="${message.created.toISOString()}">${formatTime(message.created)}</time></td>
</tr>`,
    )
    .join('\n');
  const shown = messages.length < total ? ` (newest ${messages.length} shown)` : '';
  return layout(
    'Local mailbox',
    `<h1>Messages: ${total}${shown}</h1>
${
  total === 0
    ? '<p>No messages yet. E-mails the backend sends (sign-up confirmations, password resets…) appear here.</p>'
    : `<form method="post" action="/delete-all"><button type="submit">Delete all messages</button></form>
<table>
<thead><tr><th>Subject</th><th>To</th><th>Received</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}`,
  );
}

export function messagePage(message: StoredMessage): string {
  // The mail's HTML runs without scripts in a sandboxed frame; its links open in a new tab.
  const htmlPart = message.html
    ? `<h2>HTML</h2>
<iframe title="HTML version" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(
        `<base target="_blank">${message.html}`,
      )}"></iframe>`
    : '';
  const textPart = message.text ? `<h2>Text</h2>\n<pre>${linkify(message.text)}</pre>` : '';
  const attachmentsPart = message.attachments.length
    ? `<h2>Attachments</h2>
<ul class="attachments">
${message.attachments
  .map(
    (attachment) =>
      `  <li><a href="/api/v1/message/${encodeURIComponent(message.id)}/part/${attachmentPartId(attachment.ordinal)}" download="${escapeHtml(attachment.filename)}">${escapeHtml(attachment.filename)}</a> (${escapeHtml(attachment.contentType)}, ${formatSize(attachment.size)})</li>`,
  )
  .join('\n')}
</ul>`
    : '';
  return layout(
    message.subject || '(no subject)',
    `<h1>${escapeHtml(message.subject || '(no subject)')}</h1>
<dl>
  <dt>From</dt><dd>${escapeHtml(formatAddress(message.from))}</dd>
  <dt>To</dt><dd>${escapeHtml(message.to.map(formatAddress).join(', '))}</dd>
  <dt>Date</dt><dd><time datetime="${message.created.toISOString()}">${formatTime(message.created)}</time></dd>
  <dt>ID</dt><dd>${escapeHtml(message.id)}</dd>
</dl>
${attachmentsPart}
${htmlPart}
${textPart}`,
  );
}
