import { useRef, useState } from 'react';
import { AdminSubpageHeader } from '@/components/layout/AdminSubpageHeader';
import { Button } from '@/components/ui/button';
import { ScrollTable, type TableColumn } from '@/components/ui/scroll-table';
import { SearchField } from '@/components/ui/search-field';
import { adminCertificatesPage as copy } from '@/content/certificates';
import { findModule } from '@/content/modules';
import { formatDate } from '@/lib/dates';
import type { AdminCertificate } from '../adminList';
import { formatCertificateCode } from '@shared/certificate-code.ts';
import { Pager } from '@/components/ui/pager';
import { ADMIN_CERTIFICATES_PAGE_SIZE } from '../adminList';
import { CertificateStatusBadge } from '../components/CertificateStatusBadge';
import { RevokeCertificateDialog } from '../components/RevokeCertificateDialog';
import { useAdminCertificates } from '../hooks';
import { SearchedListMessages } from '@/components/lists/SearchedListMessages';

/**
 * Every certificate issued (admins only: the route's guard, RLS and revoke_certificate all check),
 * newest first, a page at a time, searched by code or e-mail on the server; a valid one can be
 * revoked with a reason.
 */
export default function AdminCertificatesPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  // The certificate's id: the dialog shows it as last read.
  const [revokingId, setRevokingId] = useState<string | null>(null);
  const searchField = useRef<HTMLInputElement>(null);
  const { data, isPending, isError } = useAdminCertificates(page, search);
  const revoking = data?.rows.find((certificate) => certificate.id === revokingId) ?? null;
  const headers = copy.columns;

  const columns: TableColumn<AdminCertificate>[] = [
    {
      header: headers.issued,
      className: 'whitespace-nowrap',
      cell: (certificate) => formatDate(certificate.issued_at),
    },
    {
      header: headers.learner,
      rowHeader: true,
      cell: ({ profile_name, profile_email }) => (
        <>
          <span className="block">{profile_name}</span>
          <span className="block font-normal text-muted-foreground [overflow-wrap:anywhere]">
            {profile_email}
          </span>
        </>
      ),
    },
    {
      header: headers.module,
      className: 'min-w-40',
      cell: (certificate) => findModule(certificate.module)?.title ?? certificate.module,
    },
    {
      header: headers.code,
      className: 'whitespace-nowrap font-mono',
      cell: (certificate) => formatCertificateCode(certificate.code),
    },
    {
      header: headers.minutes,
      className: 'whitespace-nowrap tabular-nums',
      cell: (certificate) => copy.minutes(certificate.verified_minutes),
    },
    {
      header: headers.status,
      cell: (certificate) => (
        <span className="flex flex-col items-start gap-1">
          <CertificateStatusBadge revoked={certificate.revoked_at !== null} />
          {certificate.revoked_at ? (
            <span className="whitespace-nowrap text-xs text-muted-foreground">
              {copy.revokedOn(formatDate(certificate.revoked_at))}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      header: headers.actions,
      actions: true,
      cell: (certificate) =>
        certificate.revoked_at ? null : (
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={copy.revokeLabel(
              formatCertificateCode(certificate.code),
              certificate.profile_name ?? '',
            )}
            onClick={() => setRevokingId(certificate.id)}
          >
            {copy.revoke}
          </Button>
        ),
    },
  ];

  const trimmed = search.trim();
  return (
    <div className="container space-y-8 py-12 md:py-16">
      <AdminSubpageHeader copy={copy} />

      <SearchField
        ref={searchField}
        label={copy.searchLabel}
        placeholder={copy.searchPlaceholder}
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(0);
        }}
      />

      <div className="space-y-4">
        {data && data.rows.length > 0 ? (
          <ScrollTable
            caption={copy.caption}
            columns={columns}
            rows={data.rows}
            rowKey={(certificate) => certificate.id}
          />
        ) : null}
        <SearchedListMessages
          rows={data?.rows}
          search={trimmed}
          isPending={isPending}
          isError={isError}
          onClearSearch={() => {
            setSearch('');
            setPage(0);
            searchField.current?.focus();
          }}
          copy={copy}
        />
        <Pager
          label={copy.pagesLabel}
          page={page}
          pageSize={ADMIN_CERTIFICATES_PAGE_SIZE}
          total={data?.total ?? 0}
          onPage={setPage}
        />
      </div>

      <RevokeCertificateDialog certificate={revoking} onClose={() => setRevokingId(null)} />
    </div>
  );
}
