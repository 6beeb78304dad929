/**
 * Attachment data in a statements request (xAPI-Communication 1.5.2): the parts after the first of
 * a multipart/mixed body, each named by its X-Experience-API-Hash, and the checks that tie them to
 * the statements' Attachment objects. The database checks each part's data against its hash.
 */
import { encodeBase64 } from './base64.ts';
import { XapiError } from '../http.ts';
import type { Part } from '../multipart.ts';
import type { StatementJson } from './validate.ts';

export interface AttachmentData {
  sha2: string;
  contentType: string;
  /** base64, for the database call's JSON. */
  content: string;
}

export function attachmentData(parts: Part[]): AttachmentData[] {
  return parts.map((part, index) => {
    const sha2 = part.headers.get('x-experience-api-hash');
    if (!sha2)
      throw new XapiError(400, `Attachment part ${index + 1} has no X-Experience-API-Hash.`);
    if (part.headers.get('content-transfer-encoding')?.toLowerCase() !== 'binary') {
      throw new XapiError(
        400,
        `Attachment part ${index + 1} needs Content-Transfer-Encoding: binary.`,
      );
    }
    return {
      sha2: sha2.toLowerCase(),
      contentType: part.headers.get('content-type') ?? 'application/octet-stream',
      content: encodeBase64(part.body),
    };
  });
}

function attachmentsOf(statement: StatementJson): Record<string, unknown>[] {
  return Array.isArray(statement.attachments) ? statement.attachments : [];
}

/**
 * Every Attachment object without a fileUrl has its data among the parts, and every part is some
 * Attachment's data. Signatures are checked by signature.ts.
 */
export function checkAttachments(statements: StatementJson[], data: AttachmentData[]): void {
  const sent = new Set(data.map((part) => part.sha2));
  const named = new Set<string>();
  for (const statement of statements) {
    for (const attachment of attachmentsOf(statement)) {
      const sha2 = String(attachment.sha2 ?? '').toLowerCase();
      named.add(sha2);
      if (!attachment.fileUrl && !sent.has(sha2)) {
        throw new XapiError(400, `Attachment ${sha2} has neither a fileUrl nor its data.`);
      }
    }
  }
  for (const part of data) {
    if (!named.has(part.sha2)) {
      throw new XapiError(
        400,
        `Attachment data ${part.sha2} belongs to no statement's attachment.`,
      );
    }
  }
}
