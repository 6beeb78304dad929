import { useState } from 'react';
import { Activity, Award, Building2, Inbox, KeyRound, Mail, Plug } from 'lucide-react';
import { Link } from '@/lib/links';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { accessCodesPage } from '@/content/accessCodes';
import { adminPage } from '@/content/admin';
import { integrationsPage } from '@/content/integrations';
import { pageCopy } from '@/content/pages';
import { salesPages } from '@/content/salesPages';
import { useAuth } from '@/lib/auth/AuthProvider';
import type { AdminTab } from '../api';
import { ActiveTrialsTab } from '../components/ActiveTrialsTab';
import { AdminManagementTab } from '../components/AdminManagementTab';
import { ExpiredTrialsTab } from '../components/ExpiredTrialsTab';
import { ModuleUnlocksTab } from '../components/ModuleUnlocksTab';
import { PendingTrialsTab } from '../components/PendingTrialsTab';
import { UsersTab } from '../components/UsersTab';
import { useAdminCounts, useAdminLoadFailureToast, useSendTestEmail } from '../hooks';

const tabs: { value: AdminTab; label: string; Panel: () => React.JSX.Element }[] = [
  { value: 'pending', label: 'Pending Trials', Panel: PendingTrialsTab },
  { value: 'active', label: 'Active Trials', Panel: ActiveTrialsTab },
  { value: 'expired', label: 'Expired Trials', Panel: ExpiredTrialsTab },
  { value: 'users', label: 'All Users', Panel: UsersTab },
  { value: 'unlocks', label: 'Module Unlocks', Panel: ModuleUnlocksTab },
  { value: 'admins', label: 'Admin Management', Panel: AdminManagementTab },
];

/** The Admin Dashboard (admins only: the route's guard, RLS and the functions all check). */
export default function AdminPage() {
  const counts = useAdminCounts();
  useAdminLoadFailureToast();
  const [tab, setTab] = useState<AdminTab>('pending');

  return (
    <div className="container py-12 md:py-16">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-4xl font-bold tracking-tight text-brand-ink md:text-5xl">
            {adminPage.heading}
          </h1>
          <p className="mt-3 text-lg text-muted-foreground">{adminPage.intro}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* Admin pages beyond SPEC.md's six tabs are linked here, never added as tabs. */}
          <Link to="/admin/organisations" className={buttonVariants({ variant: 'outline' })}>
            <Building2 aria-hidden />
            {pageCopy.adminOrganisations.title}
          </Link>
          <Link to="/admin/access-codes" className={buttonVariants({ variant: 'outline' })}>
            <KeyRound aria-hidden />
            {accessCodesPage.dashboardLink}
          </Link>
          <Link to="/admin/integrations" className={buttonVariants({ variant: 'outline' })}>
            <Plug aria-hidden />
            {integrationsPage.dashboardLink}
          </Link>
          <Link to="/admin/leads" className={buttonVariants({ variant: 'outline' })}>
            <Inbox aria-hidden />
            {salesPages.leads.dashboardLink}
          </Link>
          <Link to="/admin/activity" className={buttonVariants({ variant: 'outline' })}>
            <Activity aria-hidden />
            {salesPages.activity.dashboardLink}
          </Link>
          <Link to="/admin/certificates" className={buttonVariants({ variant: 'outline' })}>
            <Award aria-hidden />
            {pageCopy.adminCertificates.title}
          </Link>
          <TestEmailButton />
        </div>
      </div>

      <Tabs value={tab} onValueChange={(value) => setTab(value as AdminTab)} className="mt-10">
        <TabsList className="flex h-auto flex-wrap justify-start">
          {tabs.map(({ value, label }) => (
            <TabsTrigger key={value} value={value} className="gap-2">
              {label}
              <span className="rounded-full bg-muted px-2 text-xs font-semibold tabular-nums text-muted-foreground">
                {counts?.[value] ?? '…'}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map(({ value, Panel }) => (
          <TabsContent key={value} value={value} className="mt-6">
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

/** Sends the trial-activated e-mail to the fixed test recipient, with the admin's own details. */
function TestEmailButton() {
  const { user } = useAuth();
  const { send, sending } = useSendTestEmail();
  const sendTest = () => {
    const expiresAt = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString();
    const name = (user?.user_metadata as { name?: string } | undefined)?.name ?? 'Revolve admin';
    send({ email: user?.email ?? '', name, expiresAt });
  };
  return (
    <Button variant="outline" onClick={sendTest} disabled={sending}>
      <Mail aria-hidden />
      {sending ? 'Sending...' : 'Test Email Function'}
    </Button>
  );
}
