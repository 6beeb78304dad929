import type { AdminCertificate } from '@/features/certificates/adminList';
import type { Certificate, CertificateCheck } from '@/features/certificates/api';

/** A learner's certificate as /certificates and the dashboard read it: valid, no reflection. */
export function certificateRow(overrides: Partial<Certificate> = {}): Certificate {
  return {
    id: 'c1',
    code: 'ABCDEFGHJKLM',
    module: 'dementia',
    // 28 Nov 2026 in London.
    completed_at: '2026-11-28T09:00:00Z',
    verified_minutes: 105,
    issued_at: '2026-11-28T09:00:01Z',
    revoked_at: null,
    revoked_reason: null,
    reflection_learned: null,
    reflection_application: null,
    reflection_next_steps: null,
    reflected_at: null,
    ...overrides,
  };
}

/** The three parts of a saved reflection, for `certificateRow`. */
export const reflected: Partial<Certificate> = {
  reflection_learned: 'How to share a diagnosis.',
  reflection_application: 'In my next memory clinic.',
  reflection_next_steps: 'Read NG97 again.',
  reflected_at: '2026-11-29T10:00:00Z',
};

/** A certificate as /admin/certificates lists it, with its learner. */
export function adminCertificateRow(overrides: Partial<AdminCertificate> = {}): AdminCertificate {
  return {
    id: 'c1',
    code: 'ABCDEFGHJKLM',
    module: 'dementia',
    completed_at: '2026-11-28T09:00:00Z',
    verified_minutes: 105,
    issued_at: '2026-11-28T09:00:01Z',
    revoked_at: null,
    revoked_reason: null,
    profile_name: 'Sam Patel',
    profile_email: 'sam@example.com',
    ...overrides,
  };
}

/** What verify_certificate answers for a certificate that exists and is valid. */
export function checkAnswer(overrides: Partial<CertificateCheck> = {}): CertificateCheck {
  return {
    status: 'valid',
    holder_name: 'Sam Patel',
    module: 'dementia',
    module_title: 'Dementia',
    completed_at: '2026-11-28T09:00:00Z',
    verified_minutes: 105,
    revoked_at: null,
    ...overrides,
  };
}
