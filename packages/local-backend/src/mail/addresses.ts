/** An address as Mailpit's API spells it. */
export interface MailAddress {
  Name: string;
  Address: string;
}

const looksLikeAddress = /^[^\s@<>]+@[^\s@<>]+$/;

/** 'Ada <ada@example.com>', '"Hughes, Ada" <ada@example.com>' or 'ada@example.com'. */
export function parseAddress(text: string): MailAddress | undefined {
  const trimmed = text.trim();
  const named = /^(?:"((?:[^"\\]|\\.)*)"|([^<]*?))\s*<([^<>]+)>$/.exec(trimmed);
  const name = named ? (named[1] ?? named[2] ?? '').replace(/\\(.)/g, '$1').trim() : '';
  const address = (named ? (named[3] ?? '') : trimmed).trim();
  return looksLikeAddress.test(address) ? { Name: name, Address: address } : undefined;
}

/** A comma-separated list; commas inside quotes or angle brackets do not split. */
export function parseAddressList(text: string): MailAddress[] | undefined {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  let bracketed = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (character === '<' && !quoted) bracketed = true;
    else if (character === '>' && !quoted) bracketed = false;
    if (character === ',' && !quoted && !bracketed) {
      parts.push(current);
      current = '';
    } else current += character;
  }
  parts.push(current);
  const addresses = parts.filter((part) => part.trim()).map(parseAddress);
  if (addresses.length === 0 || addresses.some((address) => !address)) return undefined;
  return addresses as MailAddress[];
}
