import { useId, type ReactNode } from 'react';
import { Check, Copy, Download, NotebookPen, Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CopyStatus } from '@/components/ui/copy-status';
import { certificatesPage as copy } from '@/content/certificates';
import { formatDate, formatDateTime, formatLongDate } from '@/lib/dates';
import { useClipboardCopy } from '@/lib/useClipboardCopy';
import { hasReflection, type Certificate, type PortfolioSendRecord } from '../api';
import { formatCertificateCode, verifyPath } from '@shared/certificate-code.ts';
import { cpdTime, creditsLabel, durationLabel } from '@shared/cpd.ts';
import { verifyUrl } from '../download';
import { CertificateStatusBadge } from './CertificateStatusBadge';

/**
 * One certificate on /certificates: its facts, its status, and what the learner can do with it.
 * A revoked one says when and why, and offers neither the PDF nor a reflection.
 */
export function CertificateCard({
  certificate,
  moduleTitle,
  downloading,
  sends,
  onDownload,
  onReflect,
  onSendToPortfolio,
}: {
  certificate: Certificate;
  moduleTitle: string;
  downloading: boolean;
  /** Its sends to a portfolio, newest first. */
  sends: PortfolioSendRecord[];
  onDownload: () => void;
  onReflect: () => void;
  onSendToPortfolio: () => void;
}) {
  const headingId = useId();
  const link = verifyUrl(certificate.code);
  const { copyState, copy: copyLink } = useClipboardCopy(link);
  const revoked = certificate.revoked_at !== null;
  const reflected = hasReflection(certificate);
  const time = cpdTime(certificate.verified_minutes, reflected);
  const reflectLabel = reflected ? copy.actions.editReflection : copy.actions.addReflection;

  return (
    <article
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl border bg-card p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold text-brand-ink">
          {moduleTitle}
        </h2>
        <CertificateStatusBadge revoked={revoked} />
      </div>

      {revoked && certificate.revoked_at ? (
        <div className="rounded-lg border border-destructive bg-destructive/5 p-4">
          <p className="font-semibold text-destructive">
            {copy.revokedNotice(formatLongDate(certificate.revoked_at))}
          </p>
          {certificate.revoked_reason ? (
            <p className="mt-1">
              <span className="font-medium">{copy.facts.reason}: </span>
              <span className="[overflow-wrap:anywhere]">{certificate.revoked_reason}</span>
            </p>
          ) : null}
          <p className="mt-2 text-sm text-muted-foreground">{copy.revokedHelp}</p>
        </div>
      ) : null}

      <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
        <Fact term={copy.facts.completed}>{formatDate(certificate.completed_at)}</Fact>
        <Fact term={copy.facts.verifiedTime}>{durationLabel(certificate.verified_minutes)}</Fact>
        {revoked ? null : <Fact term={copy.facts.cpdTime}>{time.label}</Fact>}
        {revoked ? null : (
          <Fact term={copy.facts.credits}>
            {time.credits === null ? copy.noCredits : creditsLabel(time.credits)}
          </Fact>
        )}
        {revoked ? null : (
          <Fact term={copy.facts.reflection}>
            {certificate.reflected_at
              ? copy.reflectionAdded(formatDate(certificate.reflected_at))
              : copy.noReflection}
          </Fact>
        )}
        <Fact term={copy.facts.code}>
          <span className="font-mono tracking-wider">
            {formatCertificateCode(certificate.code)}
          </span>
        </Fact>
        <Fact term={copy.facts.verifyLink}>
          <a
            href={verifyPath(certificate.code)}
            className="break-all text-primary underline underline-offset-2"
          >
            {link}
          </a>
        </Fact>
      </dl>

      <div className="flex flex-wrap items-center gap-2">
        {revoked ? null : (
          <>
            <Button
              type="button"
              size="sm"
              disabled={downloading}
              aria-label={copy.actionLabel(
                downloading ? copy.actions.downloading : copy.actions.download,
                moduleTitle,
              )}
              onClick={onDownload}
            >
              <Download aria-hidden />
              {downloading ? copy.actions.downloading : copy.actions.download}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              aria-label={copy.actionLabel(reflectLabel, moduleTitle)}
              onClick={onReflect}
            >
              <NotebookPen aria-hidden />
              {reflectLabel}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              aria-label={copy.actionLabel(copy.actions.sendToPortfolio, moduleTitle)}
              onClick={onSendToPortfolio}
            >
              <Send aria-hidden />
              {copy.actions.sendToPortfolio}
            </Button>
          </>
        )}
        <Button
          type="button"
          size="sm"
          variant="outline"
          aria-label={copy.actionLabel(
            copyState === 'copied' ? copy.actions.copied : copy.actions.copyLink,
            moduleTitle,
          )}
          onClick={copyLink}
        >
          {copyState === 'copied' ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copyState === 'copied' ? copy.actions.copied : copy.actions.copyLink}
        </Button>
      </div>
      <CopyStatus state={copyState} copy={copy} />
      {sends.length > 0 ? (
        <section aria-label={copy.sends.heading} className="border-t pt-4 text-sm">
          <h3 className="font-medium text-muted-foreground">{copy.sends.heading}</h3>
          <ul className="mt-2 space-y-1">
            {sends.map((send) => (
              <li key={send.id} className="flex flex-wrap justify-between gap-x-4">
                <span className="[overflow-wrap:anywhere]">
                  {copy.sends.line(send.recipient, formatDateTime(send.requested_at))}
                </span>
                <span
                  className={
                    send.status === 'failed' ? 'font-medium text-destructive' : 'font-medium'
                  }
                >
                  {copy.sends.status[send.status] ?? send.status}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-muted-foreground">{term}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}
