import { useId } from 'react';
import type { User } from '@supabase/supabase-js';
import { ChevronRight, KeyRound } from 'lucide-react';
import { PageTitle } from '@/components/layout/PageTitle';
import { accountPage } from '@/content/account';
import { useAuth } from '@/lib/auth/AuthProvider';
import { Link } from '@/lib/links';
import { DeleteAccountSection } from '../components/DeleteAccountSection';
import { DownloadDataSection } from '../components/DownloadDataSection';
import { useAccountName } from '../hooks';

const copy = accountPage;

/** /account (signed in; the route's guard sends anyone else to the login page). */
export default function AccountPage() {
  const { user } = useAuth();
  return (
    <div className="container max-w-3xl py-12 md:py-16">
      <PageTitle copy={copy} />
      {user ? (
        <div className="mt-10 space-y-6">
          <DetailsSection user={user} />
          <DownloadDataSection />
          <DeleteAccountSection user={user} />
        </div>
      ) : null}
    </div>
  );
}

function DetailsSection({ user }: { user: User }) {
  const headingId = useId();
  const name = useAccountName(user.id);
  const securityId = useId();
  const securityLabelId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border bg-card p-6">
      <h2 id={headingId} className="text-xl font-semibold">
        {copy.details.heading}
      </h2>
      <dl className="mt-4 space-y-4">
        <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
          <dt className="font-medium text-muted-foreground">{copy.details.nameLabel}</dt>
          <dd className="[overflow-wrap:anywhere]" aria-busy={name.isPending}>
            {name.isPending
              ? copy.details.loading
              : name.isError
                ? copy.details.nameUnavailable
                : name.data}
          </dd>
        </div>
        <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
          <dt className="font-medium text-muted-foreground">{copy.details.emailLabel}</dt>
          <dd className="[overflow-wrap:anywhere]">{user.email}</dd>
        </div>
      </dl>
      <Link
        to="/account/security"
        aria-labelledby={securityLabelId}
        aria-describedby={securityId}
        className="mt-6 flex items-center gap-4 rounded-lg border p-4 transition-colors hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <KeyRound aria-hidden className="h-6 w-6 shrink-0 text-primary" />
        <span className="min-w-0 flex-1">
          <span id={securityLabelId} className="block font-medium">
            {copy.security.linkLabel}
          </span>
          <span id={securityId} className="block text-sm text-muted-foreground">
            {copy.security.description}
          </span>
        </span>
        <ChevronRight aria-hidden className="h-5 w-5 shrink-0 text-muted-foreground" />
      </Link>
    </section>
  );
}
