import { ArrowRight, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { myCertificatesCopy as copy } from '@/content/myCertificates';
import { findModule } from '@/content/modules';
import { formatDate } from '@/lib/dates';
import { Link } from '@/lib/links';
import type { Certificate } from '../api';
import { durationLabel } from '@shared/cpd.ts';
import { useMyCertificates } from '../hooks';
import { CertificateStatusBadge } from './CertificateStatusBadge';
import { MyCertificatesFrame, MyCertificatesSkeleton } from './MyCertificatesFrame';

/** How many of the newest certificates the dashboard lists; /certificates has them all. */
const SHOWN = 3;

/**
 * The dashboard's My certificates: the newest certificates with their module, completion date,
 * CPD time and status, and the way to all of them on /certificates.
 */
export default function MyCertificates({ userId }: { userId: string }) {
  const { data, isError, refetch } = useMyCertificates(userId);
  return (
    <MyCertificatesFrame busy={!data && !isError}>
      {data ? (
        <CertificateList certificates={data} />
      ) : isError ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3">
          <p className="font-medium text-destructive">{copy.loadFailed}</p>
          <Button type="button" variant="outline" size="sm" onClick={() => void refetch()}>
            <RotateCcw aria-hidden />
            {copy.retryLabel}
          </Button>
        </div>
      ) : (
        <MyCertificatesSkeleton />
      )}
    </MyCertificatesFrame>
  );
}

function CertificateList({ certificates }: { certificates: Certificate[] }) {
  if (certificates.length === 0)
    return <p className="mt-4 rounded-lg bg-secondary p-4">{copy.empty}</p>;
  return (
    <>
      <ul aria-label={copy.listLabel} className="mt-4 divide-y rounded-lg border">
        {certificates.slice(0, SHOWN).map((certificate) => (
          <li key={certificate.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4">
            <h3 className="font-semibold text-brand-ink">
              {findModule(certificate.module)?.title ?? certificate.module}
            </h3>
            <p className="text-sm text-muted-foreground">
              {copy.completedOn(formatDate(certificate.completed_at))}
              <span aria-hidden> · </span>
              <span className="sr-only">, </span>
              {durationLabel(certificate.verified_minutes)}
            </p>
            <span className="sm:ml-auto">
              <CertificateStatusBadge revoked={certificate.revoked_at !== null} />
            </span>
          </li>
        ))}
      </ul>
      <Link
        to="/certificates"
        className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-4' })}
      >
        {copy.viewAll}
        <ArrowRight aria-hidden />
      </Link>
    </>
  );
}
