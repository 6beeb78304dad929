import { findModule } from '@/content/modules';
import { env } from '@/lib/env';
import type { Certificate } from './api';
import { formatCertificateCode, verifyPath } from '@shared/certificate-code.ts';
import { certificatePdfCopy } from '@shared/certificate-pdf/copy.ts';
import { loadLearningOutcomes } from './moduleOutcomes';

/** The address anyone checks the certificate at. */
export function verifyUrl(code: string): string {
  return `${env.siteUrl}${verifyPath(code)}`;
}

/**
 * Makes the certificate's PDF in the browser and saves it as revolve-certificate-<CODE>.pdf. The PDF
 * library and the module's outcomes load only now, on the first download.
 */
export async function downloadCertificatePdf(
  certificate: Certificate,
  holderName: string,
): Promise<void> {
  const [{ buildCertificatePdf }, learningOutcomes] = await Promise.all([
    import('@shared/certificate-pdf/build.ts'),
    loadLearningOutcomes(certificate.module),
  ]);
  const {
    reflection_learned: learned,
    reflection_application: application,
    reflection_next_steps: nextSteps,
  } = certificate;
  const bytes = await buildCertificatePdf({
    holderName,
    moduleTitle: findModule(certificate.module)?.title ?? certificate.module,
    learningOutcomes,
    completedAt: certificate.completed_at,
    verifiedMinutes: certificate.verified_minutes,
    reflection:
      learned !== null && application !== null && nextSteps !== null
        ? { learned, application, nextSteps }
        : null,
    code: certificate.code,
    verifyUrl: verifyUrl(certificate.code),
    issuedAt: certificate.issued_at,
  });
  saveFile(
    new Blob([bytes.slice()], { type: 'application/pdf' }),
    certificatePdfCopy.fileName(formatCertificateCode(certificate.code)),
  );
}

/** Hands the browser a file to save under `name`. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the file after the click's task: let go of it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
