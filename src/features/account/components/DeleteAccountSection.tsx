import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@supabase/supabase-js';
import { useSearchParams } from 'react-router-dom';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { deleteAccount as copy } from '@/content/account';
import { authenticatorAppsQuery } from '../api';
import { identityProofFor } from '../dataRights';
import { DeleteAccountDialog } from './DeleteAccountDialog';

/**
 * 'Delete your account' and its dialog. Coming back from signing in again with a provider
 * (?delete-account=confirm), the dialog opens again by itself, and the address loses the parameter.
 */
export function DeleteAccountSection({ user }: { user: User }) {
  const headingId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const [returnedFromProvider] = useState(() => searchParams.has(copy.returnParameter));
  const [open, setOpen] = useState(returnedFromProvider);

  useEffect(() => {
    if (!searchParams.has(copy.returnParameter)) return;
    setSearchParams(
      (params) => {
        params.delete(copy.returnParameter);
        return params;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);

  // How the user proves it is them depends on their authenticator apps: read when the dialog opens.
  const apps = useQuery({ ...authenticatorAppsQuery(user.id), enabled: open });
  const proof = apps.data ? identityProofFor(user, apps.data.length > 0) : null;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-destructive/40 bg-card p-6"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        {copy.heading}
      </h2>
      <p className="mt-2 text-muted-foreground">{copy.intro}</p>
      <Button type="button" variant="destructive" className="mt-5" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden />
        {copy.button}
      </Button>
      <DeleteAccountDialog
        open={open}
        onOpenChange={setOpen}
        user={user}
        proof={proof}
        proofProblem={apps.isError}
        onRetryProof={() => void apps.refetch()}
        returnedFromProvider={returnedFromProvider}
      />
    </section>
  );
}
