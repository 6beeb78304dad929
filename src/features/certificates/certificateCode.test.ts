import { describe, expect, it } from 'vitest';
import {
  formatCertificateCode,
  normaliseCertificateCode,
  verifyPath,
} from '@shared/certificate-code.ts';

describe('certificate codes', () => {
  it('are shown in groups of four', () => {
    expect(formatCertificateCode('ABCD2345EFGH')).toBe('ABCD-2345-EFGH');
  });

  it('are read as people type them: any case, hyphens and spaces', () => {
    for (const typed of ['ABCD2345EFGH', 'abcd-2345-efgh', ' ABCD 2345 EFGH ', 'Abcd2345-efgh']) {
      expect(normaliseCertificateCode(typed)).toBe('ABCD2345EFGH');
    }
  });

  it('are nothing when they cannot be one: length, and the misreadable 0, 1, I and O', () => {
    for (const typed of [
      '',
      'ABCD2345EFG',
      'ABCD2345EFGHJ',
      'ABCD2345EFG0',
      'ABCD2345EFGI',
      'ABCD2345EFGO',
      'ABCD2345EFG1',
      'ABCD_2345EFGH',
    ]) {
      expect(normaliseCertificateCode(typed)).toBeNull();
    }
  });

  it('are checked at /verify/<code>', () => {
    expect(verifyPath('ABCD2345EFGH')).toBe('/verify/ABCD2345EFGH');
  });
});
