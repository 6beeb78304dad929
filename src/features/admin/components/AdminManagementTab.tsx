import { useId, useState, type FormEvent } from 'react';
import { ShieldPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { isGrantableEmail } from '../api';
import { useRowAction } from '../hooks';
import { AdminListPanel } from './AdminListPanel';
import { ConfirmAction } from './ConfirmAction';

export function AdminManagementTab() {
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { busyId, run } = useRowAction();
  const target = email.trim();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isGrantableEmail(email)) {
      toast.error('Invalid Email', 'Please enter a valid email address.');
      return;
    }
    setConfirming(true);
  };

  const grant = () => {
    setConfirming(false);
    run(
      'grant',
      { kind: 'grant', email: target },
      {
        success: ['Admin Role Granted', `${target} now has admin privileges.`],
        failure: ['Failed to Grant Admin Role', 'Failed to grant admin role.'],
        // The server says why: no such account, not confirmed, no authenticator app yet, already admin.
        useServerMessage: true,
      },
    );
  };

  return (
    <div className="space-y-8">
      <form
        onSubmit={onSubmit}
        noValidate
        className="max-w-xl space-y-3 rounded-xl border bg-card p-6"
        aria-labelledby={`${emailId}-title`}
      >
        <h2 id={`${emailId}-title`} className="text-lg font-semibold">
          Grant admin role
        </h2>
        <p className="text-sm text-muted-foreground">
          An admin can approve and expire trials and grant this role to others. Grant it only to
          Revolve staff.
        </p>
        <div className="space-y-2">
          <Label htmlFor={emailId}>Email</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={emailId}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className="min-w-0 flex-1"
            />
            <Button type="submit" disabled={busyId !== null}>
              <ShieldPlus aria-hidden />
              {busyId ? 'Processing...' : 'Grant admin'}
            </Button>
          </div>
        </div>
      </form>
      <ConfirmAction
        open={confirming}
        onOpenChange={setConfirming}
        title="Grant admin role"
        description={`Grant admin role to ${target}? This will give them full access to the admin dashboard.`}
        confirmLabel="Grant admin role"
        onConfirm={grant}
      />

      <section aria-labelledby={`${emailId}-admins`} className="space-y-4">
        <h2 id={`${emailId}-admins`} className="text-lg font-semibold">
          Current admins
        </h2>
        <AdminListPanel
          tab="admins"
          caption="Admins"
          empty="No admins"
          rowKey={(row) => row.user_id}
          columns={[
            { header: 'Name', rowHeader: true, cell: (row) => row.profiles.name || '—' },
            { header: 'Email', cell: (row) => row.profiles.email },
          ]}
        />
      </section>
    </div>
  );
}
