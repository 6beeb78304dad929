/**
 * The mailbox as tests read it, through its Mailpit API subset (./mailbox.ts): the one reader the
 * database, end-to-end and local backend suites share (`@revolve/local-backend/testing`).
 */

/** A message as the list shows it. */
export interface MailSummary {
  id: string;
  subject: string;
  /** The recipients' addresses. */
  to: string[];
  /** When it arrived (ms since the epoch). */
  receivedAt: number;
}

/** A file attached to a message, with its bytes. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  size: number;
  content: Buffer;
}

/** A message in full. */
export interface Mail extends MailSummary {
  text: string;
  html: string;
  /** In the order they were sent; empty when there are none. */
  attachments: MailAttachment[];
}

/** The fields the list and a single message share, as the API names them. */
interface ApiMessage {
  ID: string;
  Subject: string;
  To: { Address: string }[];
}

function summaryOf(message: ApiMessage, arrived: string): MailSummary {
  return {
    id: message.ID,
    subject: message.Subject,
    to: message.To.map((recipient) => recipient.Address),
    receivedAt: Date.parse(arrived),
  };
}

export interface MailboxReader {
  /** The messages to `address` (with `subject`, when given), newest first. */
  to(address: string, subject?: string): Promise<MailSummary[]>;
  /** A message in full. */
  read(id: string): Promise<Mail>;
  /**
   * The newest message to `address` (with `subject`, when given; arrived at or after `after`, ms
   * since the epoch), as soon as there is one; fails after `timeoutMs`.
   */
  waitFor(
    address: string,
    options?: { subject?: string; after?: number; timeoutMs?: number },
  ): Promise<Mail>;
}

export function mailboxReader(mailboxUrl: string): MailboxReader {
  async function json<T>(path: string): Promise<T> {
    const response = await fetch(`${mailboxUrl}${path}`);
    if (!response.ok) throw new Error(`The mailbox answered ${response.status} to ${path}`);
    return (await response.json()) as T;
  }

  async function to(address: string, subject?: string): Promise<MailSummary[]> {
    const query = encodeURIComponent(`to:${address}`);
    const { messages } = await json<{ messages: (ApiMessage & { Created: string })[] }>(
      `/api/v1/search?query=${query}`,
    );
    return messages
      .map((message) => summaryOf(message, message.Created))
      .filter((message) => subject === undefined || message.subject === subject)
      .sort((a, b) => b.receivedAt - a.receivedAt);
  }

  async function bytes(path: string): Promise<Buffer> {
    const response = await fetch(`${mailboxUrl}${path}`);
    if (!response.ok) throw new Error(`The mailbox answered ${response.status} to ${path}`);
    return Buffer.from(await response.arrayBuffer());
  }

  async function read(id: string): Promise<Mail> {
    const message = await json<
      ApiMessage & {
        Date: string;
        Text: string;
        HTML: string;
        Attachments: { PartID: string; FileName: string; ContentType: string; Size: number }[];
      }
    >(`/api/v1/message/${encodeURIComponent(id)}`);
    // By the message's own ID: `id` may be 'latest', which a newer message could take meanwhile.
    const parts = `/api/v1/message/${encodeURIComponent(message.ID)}/part`;
    const attachments = await Promise.all(
      message.Attachments.map(async (attachment) => ({
        filename: attachment.FileName,
        contentType: attachment.ContentType,
        size: attachment.Size,
        content: await bytes(`${parts}/${encodeURIComponent(attachment.PartID)}`),
      })),
    );
    return {
      ...summaryOf(message, message.Date),
      text: message.Text,
      html: message.HTML,
      attachments,
    };
  }

  async function waitFor(
    address: string,
    {
      subject,
      after = 0,
      timeoutMs = 10_000,
    }: { subject?: string; after?: number; timeoutMs?: number } = {},
  ): Promise<Mail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [newest] = (await to(address, subject)).filter(
        (message) => message.receivedAt >= after,
      );
      if (newest) return read(newest.id);
      if (Date.now() > deadline) {
        throw new Error(`No e-mail${subject ? ` "${subject}"` : ''} reached ${address}`);
      }
      // The mailbox has no way to wait for a message; ask again shortly.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return { to, read, waitFor };
}
