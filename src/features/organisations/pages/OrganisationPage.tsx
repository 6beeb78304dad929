import { useId, useState, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { UserPlus } from 'lucide-react';
import { PageTitle } from '@/components/layout/PageTitle';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { NativeSelect } from '@/components/ui/native-select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { membersPanel, organisationPage as copy } from '@/content/organisation';
import { useAuth } from '@/lib/auth/AuthProvider';
import { securityPathReturningTo } from '@/lib/auth/returnTo';
import { Link } from '@/lib/links';
import type { ManagedOrganisation } from '../api';
import { AssignmentsPanel } from '../components/AssignmentsPanel';
import { CohortsPanel } from '../components/CohortsPanel';
import { CompletionMatrix } from '../components/CompletionMatrix';
import { InvitationsPanel } from '../components/InvitationsPanel';
import { InviteDialog } from '../components/InviteDialog';
import { MembersPanel } from '../components/MembersPanel';
import { OverviewCard } from '../components/OverviewCard';
import { useCohorts, useManagedOrganisations, type OrganisationScope } from '../hooks';

const tabs = ['members', 'invitations', 'cohorts', 'assignments', 'progress'] as const;
type Tab = (typeof tabs)[number];

/**
 * /organisation (signed in): an organisation's manager runs their staff's training. Someone who
 * manages none is told the page is for managers; a manager signed in without a second factor is
 * sent to set one up first (the manager functions refuse below aal2, as admins' do); a manager of
 * several organisations chooses one (?org=<id>), shown one at a time.
 */
export default function OrganisationPage() {
  const { user, aal } = useAuth();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const managed = useManagedOrganisations(user?.id ?? '');
  const organisations = managed.data ?? [];
  const chosen =
    organisations.find((organisation) => organisation.id === searchParams.get('org')) ??
    organisations[0];

  let body: ReactNode;
  if (!user) body = null;
  else if (managed.isPending)
    body = (
      <p role="status" className="text-muted-foreground">
        {copy.loading}
      </p>
    );
  else if (managed.isError)
    body = (
      <div className="space-y-3">
        <p role="alert" className="font-medium text-destructive">
          {copy.loadFailed}
        </p>
        <Button type="button" variant="outline" onClick={() => void managed.refetch()}>
          {copy.retry}
        </Button>
      </div>
    );
  else if (!chosen) body = <NotAManager />;
  else if (aal?.current !== 'aal2')
    body = (
      <SecondFactorNeeded
        organisations={organisations}
        returnTo={`${location.pathname}${location.search}`}
      />
    );
  else
    body = (
      <>
        {organisations.length > 1 ? (
          <OrganisationSwitcher
            organisations={organisations}
            value={chosen.id}
            onChange={(id) => setSearchParams({ org: id })}
          />
        ) : null}
        <Workspace
          key={chosen.id}
          scope={{ userId: user.id, organisationId: chosen.id }}
          name={chosen.name}
        />
      </>
    );

  return (
    <div className="container max-w-6xl space-y-8 py-12 md:py-16">
      <div>
        <PageTitle copy={copy} />
      </div>
      {body}
    </div>
  );
}

function NotAManager() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border p-6">
      <h2 id={headingId} className="text-2xl font-semibold text-brand-ink">
        {copy.notManager.heading}
      </h2>
      <p className="max-w-3xl">{copy.notManager.text}</p>
      <Link to="/dashboard" className={buttonVariants({ variant: 'default' })}>
        {copy.notManager.dashboard}
      </Link>
    </section>
  );
}

function SecondFactorNeeded({
  organisations,
  returnTo,
}: {
  organisations: readonly ManagedOrganisation[];
  returnTo: string;
}) {
  const headingId = useId();
  const names = new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(
    organisations.map((organisation) => organisation.name),
  );
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-primary/40 bg-primary/5 p-6"
    >
      <h2 id={headingId} className="text-2xl font-semibold text-brand-ink">
        {copy.secondFactor.heading}
      </h2>
      <p className="max-w-3xl">{copy.secondFactor.text(names)}</p>
      <Link
        to={securityPathReturningTo(returnTo)}
        className={buttonVariants({ variant: 'default' })}
      >
        {copy.secondFactor.action}
      </Link>
    </section>
  );
}

function OrganisationSwitcher({
  organisations,
  value,
  onChange,
}: {
  organisations: readonly ManagedOrganisation[];
  value: string;
  onChange: (id: string) => void;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {copy.switcher.label}
      </label>
      <NativeSelect
        id={id}
        aria-describedby={hintId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-full max-w-sm"
      >
        {organisations.map((organisation) => (
          <option key={organisation.id} value={organisation.id}>
            {organisation.name}
          </option>
        ))}
      </NativeSelect>
      <p id={hintId} className="text-sm text-muted-foreground">
        {copy.switcher.hint}
      </p>
    </div>
  );
}

/** One organisation: its overview, the invite dialog, and its sections as tabs. */
function Workspace({ scope, name }: { scope: OrganisationScope; name: string }) {
  const [tab, setTab] = useState<Tab>('members');
  const [inviting, setInviting] = useState(false);
  const cohorts = useCohorts(scope);
  return (
    <div className="space-y-8">
      <div className="space-y-4">
        <OverviewCard scope={scope} name={name} />
        <Button type="button" onClick={() => setInviting(true)}>
          <UserPlus aria-hidden />
          {membersPanel.invite}
        </Button>
      </div>
      <InviteDialog
        scope={scope}
        cohorts={cohorts.data ?? []}
        open={inviting}
        onOpenChange={setInviting}
      />
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setTab(tabs.find((candidate) => candidate === value) ?? 'members')
        }
      >
        <TabsList aria-label={copy.tabsLabel} className="h-auto flex-wrap justify-start">
          {tabs.map((candidate) => (
            <TabsTrigger key={candidate} value={candidate}>
              {copy.tabs[candidate]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="members" className="mt-6">
          <MembersPanel scope={scope} organisationName={name} />
        </TabsContent>
        <TabsContent value="invitations" className="mt-6">
          <InvitationsPanel scope={scope} />
        </TabsContent>
        <TabsContent value="cohorts" className="mt-6">
          <CohortsPanel scope={scope} />
        </TabsContent>
        <TabsContent value="assignments" className="mt-6">
          <AssignmentsPanel scope={scope} />
        </TabsContent>
        <TabsContent value="progress" className="mt-6">
          <CompletionMatrix scope={scope} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
