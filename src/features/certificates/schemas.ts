import * as z from 'zod/mini';
import {
  portfolioDialog,
  reflectionDialog,
  revokeDialog,
  verifyPage,
} from '@/content/certificates';
import { normaliseCertificateCode } from '@shared/certificate-code.ts';

/** Each part of a reflection, as public.certificates and save_certificate_reflection limit it. */
export const REFLECTION_PART_LIMIT = 2000;
/** A revocation's reason, as revoke_certificate limits it. */
export const REVOKE_REASON_LIMIT = 500;

/** A text's length as Postgres's char_length counts it: in characters, not UTF-16 code units. */
export const characterCount = (text: string) => [...text].length;

const reflectionPart = z.string().check(
  z.trim(),
  z.refine((part) => characterCount(part) <= REFLECTION_PART_LIMIT, {
    error: reflectionDialog.errors.tooLong(REFLECTION_PART_LIMIT),
  }),
);

export const reflectionParts = ['learned', 'application', 'nextSteps'] as const;

/**
 * The RCGP learning note: three parts, each trimmed and up to 2,000 characters; all three, or none
 * (which removes it). A part left empty beside filled ones is marked on that part.
 */
export const reflectionSchema = z
  .object({ learned: reflectionPart, application: reflectionPart, nextSteps: reflectionPart })
  .check(
    z.superRefine((values, context) => {
      const empty = reflectionParts.filter((part) => values[part] === '');
      if (empty.length === 0 || empty.length === reflectionParts.length) return;
      for (const part of empty)
        context.addIssue({
          code: 'custom',
          message: reflectionDialog.errors.missing,
          path: [part],
        });
    }),
  );

export type ReflectionValues = z.input<typeof reflectionSchema>;

/** A code typed on /verify: anything normaliseCertificateCode reads as one. */
export const verifyCodeSchema = z.object({
  code: z.string().check(
    z.refine((code) => normaliseCertificateCode(code) !== null, {
      error: verifyPage.form.invalid,
    }),
  ),
});

export type VerifyCodeValues = z.input<typeof verifyCodeSchema>;

/** An admin's reason for revoking a certificate: 1 to 500 characters once trimmed. */
export const revokeSchema = z.object({
  reason: z.string().check(
    z.trim(),
    z.minLength(1, { error: revokeDialog.errors.required }),
    z.refine((reason) => characterCount(reason) <= REVOKE_REASON_LIMIT, {
      error: revokeDialog.errors.tooLong,
    }),
  ),
});

export type RevokeValues = z.input<typeof revokeSchema>;

/**
 * The address a certificate is sent to, as send_certificate_to_portfolio takes it: an e-mail
 * address of up to 254 characters once trimmed.
 */
export const portfolioSchema = z.object({
  recipient: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: portfolioDialog.errors.required }),
      z.email({ error: portfolioDialog.errors.invalid }),
      z.maxLength(254, { error: portfolioDialog.errors.tooLong }),
    ),
});

export type PortfolioValues = z.input<typeof portfolioSchema>;
