import { useId, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { RotateCcw, SearchX, ShieldAlert, ShieldCheck, ShieldOff } from 'lucide-react';
import { PageTitle } from '@/components/layout/PageTitle';
import { Button } from '@/components/ui/button';
import { verifyPage as copy } from '@/content/certificates';
import { findModule } from '@/content/modules';
import { cn } from '@/lib/cn';
import { formatLongDate } from '@/lib/dates';
import { serverMessage } from '@/lib/serverMessage';
import { isTooManyChecks, type CertificateCheck } from '../api';
import { formatCertificateCode, normaliseCertificateCode } from '@shared/certificate-code.ts';
import { durationLabel } from '@shared/cpd.ts';
import { useCertificateCheck } from '../hooks';
import { VerifyCodeForm } from '../components/VerifyCodeForm';

/**
 * The public check of a certificate (no sign-in, kept out of search results): /verify/:code shows
 * whether the certificate is valid, revoked, withdrawn (its holder deleted their account) or
 * unknown; /verify only asks for a code.
 */
export default function VerifyPage() {
  const { code } = useParams();
  return (
    <div className="container max-w-4xl space-y-8 py-12 md:py-16">
      <div>
        <PageTitle copy={copy} />
      </div>
      {code === undefined ? (
        <VerifyCodeForm title={copy.form.title} />
      ) : (
        <CodeCheck key={code} typed={code} />
      )}
    </div>
  );
}

/** The check of the code in the address, as typed there. */
function CodeCheck({ typed }: { typed: string }) {
  const code = normaliseCertificateCode(typed);
  const check = useCertificateCheck(code);

  let result: ReactNode;
  let offerForm = false;
  const notFound = code === null || check.data?.status === 'not_found';
  if (notFound) {
    result = <NotFound code={code} />;
    offerForm = true;
  } else if (check.data?.status === 'withdrawn') {
    result = <Withdrawn />;
    offerForm = true;
  } else if (check.data?.status === 'valid' || check.data?.status === 'revoked') {
    result = <Found check={check.data} code={code} />;
    offerForm = true;
  } else if (check.isError) {
    result = isTooManyChecks(check.error) ? (
      <p role="alert" className="rounded-lg border p-4 font-medium">
        {serverMessage(check.error) ?? copy.tooMany}
      </p>
    ) : (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border p-4">
        <p className="font-medium text-destructive">{copy.failed}</p>
        <Button type="button" variant="outline" size="sm" onClick={() => void check.refetch()}>
          <RotateCcw aria-hidden />
          {copy.retryLabel}
        </Button>
      </div>
    );
  } else {
    result = <p className="text-muted-foreground">{copy.checking}</p>;
  }

  return (
    <>
      {/* Announces the answer when it arrives. */}
      <div aria-live="polite" aria-busy={check.isFetching}>
        {result}
      </div>
      {offerForm ? (
        <VerifyCodeForm
          title={notFound ? copy.form.title : copy.form.otherTitle}
          initialCode={notFound ? typed : ''}
        />
      ) : null}
    </>
  );
}

function NotFound({ code }: { code: string | null }) {
  return (
    <ResultPanel
      tone="neutral"
      icon={<SearchX aria-hidden className="h-8 w-8" />}
      title={copy.notFound.title}
    >
      <p>
        {code ? copy.notFound.summary(formatCertificateCode(code)) : copy.notFound.summaryNoCode}
      </p>
    </ResultPanel>
  );
}

function Withdrawn() {
  return (
    <ResultPanel
      tone="neutral"
      icon={<ShieldOff aria-hidden className="h-8 w-8" />}
      title={copy.withdrawn.title}
    >
      <p>{copy.withdrawn.summary}</p>
    </ResultPanel>
  );
}

function Found({ check, code }: { check: CertificateCheck; code: string }) {
  const revoked = check.status === 'revoked';
  const moduleTitle = check.module_title ?? findModule(check.module ?? undefined)?.title ?? '';
  return (
    <ResultPanel
      tone={revoked ? 'revoked' : 'valid'}
      icon={
        revoked ? (
          <ShieldAlert aria-hidden className="h-8 w-8" />
        ) : (
          <ShieldCheck aria-hidden className="h-8 w-8" />
        )
      }
      title={revoked ? copy.revoked.title : copy.valid.title}
    >
      {revoked ? (
        <p className="font-medium">
          {check.revoked_at ? copy.revoked.summary(formatLongDate(check.revoked_at)) : null}{' '}
          {copy.revoked.warning}
        </p>
      ) : (
        <p>{copy.valid.summary}</p>
      )}
      <dl className="mt-4 grid gap-x-8 gap-y-3 sm:grid-cols-2">
        <Fact term={copy.facts.holder}>{check.holder_name}</Fact>
        <Fact term={copy.facts.module}>{moduleTitle}</Fact>
        <Fact term={copy.facts.completed}>
          {check.completed_at ? formatLongDate(check.completed_at) : null}
        </Fact>
        <Fact term={copy.facts.verifiedTime}>
          {check.verified_minutes === null ? null : durationLabel(check.verified_minutes)}
        </Fact>
        <Fact term={copy.facts.code}>
          <span className="font-mono tracking-wider">{formatCertificateCode(code)}</span>
        </Fact>
      </dl>
    </ResultPanel>
  );
}

const tones = {
  valid: { panel: 'border-emerald-700', heading: 'text-emerald-800' },
  revoked: { panel: 'border-destructive', heading: 'text-destructive' },
  neutral: { panel: 'border-border', heading: 'text-brand-ink' },
};

/** An answer of the check: an icon and a heading that say it in words, then its details. */
function ResultPanel({
  tone,
  icon,
  title,
  children,
}: {
  tone: keyof typeof tones;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-xl border-2 bg-card p-6 shadow-sm', tones[tone].panel)}
    >
      <div className={cn('flex items-center gap-3', tones[tone].heading)}>
        {icon}
        <h2 id={headingId} className="text-2xl font-semibold">
          {title}
        </h2>
      </div>
      <div className="mt-3 text-foreground">{children}</div>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
      <dd className="mt-0.5 font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
