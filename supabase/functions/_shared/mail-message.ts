// An e-mail as the functions compose it. Apart from ./mail.ts (which reads Deno's environment and
// sends), so that the wording modules can be checked under Node (tools/edge-functions).
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}
