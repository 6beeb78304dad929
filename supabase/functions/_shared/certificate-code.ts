/**
 * A certificate's verification code (docs/certificates.md section 1): 12 characters of the 32 that
 * cannot be misread (digits 2-9, letters but I and O), stored without hyphens, shown as
 * XXXX-XXXX-XXXX, typed in any case with or without hyphens and spaces.
 */
const storedCode = /^[2-9A-HJ-NP-Z]{12}$/;

/** 'ABCD2345EFGH' as 'ABCD-2345-EFGH'. */
export function formatCertificateCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** A code as typed, in its stored form; null when it cannot be one. */
export function normaliseCertificateCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  return storedCode.test(code) ? code : null;
}

/** Where anyone checks the certificate, on this site. */
export function verifyPath(code: string): string {
  return `/verify/${code}`;
}
