import { useState } from 'react';
import { RotateCcw } from 'lucide-react';
import { PageTitle } from '@/components/layout/PageTitle';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { certificatesPage as copy } from '@/content/certificates';
import { findModule } from '@/content/modules';
import { useAuth } from '@/lib/auth/AuthProvider';
import { Link } from '@/lib/links';
import type { Certificate } from '../api';
import { CertificateCard } from '../components/CertificateCard';
import { PortfolioDialog } from '../components/PortfolioDialog';
import { ReflectionDialog } from '../components/ReflectionDialog';
import {
  useDownloadCertificate,
  useHolderName,
  useMyCertificates,
  usePortfolioSends,
} from '../hooks';

const moduleTitle = (certificate: Certificate) =>
  findModule(certificate.module)?.title ?? certificate.module;

/**
 * The learner's certificates (signed in: the route's guard; RLS gives them their own): each with
 * its facts, its PDF, its reflection, its verification link and its sends to a portfolio.
 */
export default function CertificatesPage() {
  const { user } = useAuth();
  return (
    <div className="container space-y-8 py-12 md:py-16">
      <div>
        <PageTitle copy={copy} />
      </div>
      {user ? <UserCertificates userId={user.id} /> : <p role="status">{copy.loading}</p>}
    </div>
  );
}

function UserCertificates({ userId }: { userId: string }) {
  const { data, isError, refetch } = useMyCertificates(userId);
  // Read now, so the first download need not wait for it.
  useHolderName(userId);
  const { download, downloading } = useDownloadCertificate(userId);
  // The certificate's id: the dialog shows it as last read.
  const [reflectingId, setReflectingId] = useState<string | null>(null);
  const reflecting = data?.find((certificate) => certificate.id === reflectingId) ?? null;
  const [sendingId, setSendingId] = useState<string | null>(null);
  const sending = data?.find((certificate) => certificate.id === sendingId) ?? null;
  // The sends are extra: the certificates show without them, and a failure leaves them out.
  const sends = usePortfolioSends(userId).data ?? [];

  if (!data) {
    return isError ? (
      <div role="alert" className="flex flex-wrap items-center gap-3">
        <p className="font-medium text-destructive">{copy.loadFailed}</p>
        <Button type="button" variant="outline" size="sm" onClick={() => void refetch()}>
          <RotateCcw aria-hidden />
          {copy.retryLabel}
        </Button>
      </div>
    ) : (
      <p role="status" className="text-muted-foreground">
        {copy.loading}
      </p>
    );
  }

  if (data.length === 0) {
    return (
      <div className="space-y-4 rounded-lg bg-secondary p-6">
        <p>{copy.empty}</p>
        <Link to="/dashboard" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          {copy.browseModules}
        </Link>
      </div>
    );
  }

  return (
    <>
      <ul aria-label={copy.listLabel} className="grid gap-6 lg:grid-cols-2">
        {data.map((certificate) => (
          <li key={certificate.id}>
            <CertificateCard
              certificate={certificate}
              moduleTitle={moduleTitle(certificate)}
              downloading={downloading === certificate.id}
              sends={sends.filter((send) => send.certificate_id === certificate.id)}
              onDownload={() => download(certificate)}
              onReflect={() => setReflectingId(certificate.id)}
              onSendToPortfolio={() => setSendingId(certificate.id)}
            />
          </li>
        ))}
      </ul>
      <ReflectionDialog
        certificate={reflecting}
        moduleTitle={reflecting ? moduleTitle(reflecting) : ''}
        userId={userId}
        onClose={() => setReflectingId(null)}
      />
      <PortfolioDialog
        certificate={sending}
        moduleTitle={sending ? moduleTitle(sending) : ''}
        userId={userId}
        lastRecipient={sends[0]?.recipient ?? ''}
        onClose={() => setSendingId(null)}
      />
    </>
  );
}
