import { lazy, Suspense } from 'react';
import { BookOpen, CalendarDays, KeyRound, LogOut } from 'lucide-react';
import { Link } from '@/lib/links';
import { DashboardSection } from '@/components/layout/DashboardSection';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { trialPages } from '@/content/trialPages';
import { useAuth } from '@/lib/auth/AuthProvider';
import { useSignOut } from '@/lib/auth/useSignOut';
import { TrialCard } from '../components/TrialCard';
import { noTrial } from '../trialStatus';
import { useTrialStatus } from '../hooks';
import { MyLearningLoading } from '@/features/learning/components/MyLearningFrame';
import { MyCertificatesLoading } from '@/features/certificates/components/MyCertificatesFrame';

// My learning's and My certificates' code (their queries and lists) loads beside the page's, not in
// it.
const MyLearning = lazy(() => import('@/features/learning/components/MyLearning'));
const MyCertificates = lazy(() => import('@/features/certificates/components/MyCertificates'));
// What the learner's organisations ask of them: nothing shows until it has loaded, and nothing at all
// for a learner without invitations or assignments, so the page never waits for it.
const InvitationNotice = lazy(() => import('@/features/organisations/components/InvitationNotice'));
const ManagedOrganisationsNotice = lazy(
  () => import('@/features/organisations/components/ManagedOrganisationsNotice'),
);
const AssignedToYou = lazy(() => import('@/features/organisations/components/AssignedToYou'));

const quickActionClass = buttonVariants({ variant: 'outline', className: 'justify-start' });

export default function DashboardPage() {
  const { user } = useAuth();
  const signOut = useSignOut();

  return (
    <div className="container py-12 md:py-16">
      <h1 className="text-4xl font-bold tracking-tight text-brand-ink md:text-5xl">
        {trialPages.dashboard.heading}
      </h1>
      <p className="mt-3 text-lg text-muted-foreground">
        {user ? (
          <>
            Welcome,{' '}
            <strong className="inline-block max-w-full text-foreground [overflow-wrap:anywhere]">
              {user.email}
            </strong>
          </>
        ) : (
          'Loading...'
        )}
      </p>
      {user ? (
        <Suspense fallback={null}>
          <ManagedOrganisationsNotice userId={user.id} />
          <InvitationNotice userId={user.id} />
        </Suspense>
      ) : null}

      <div className="mt-10 grid gap-6 lg:grid-cols-2">
        {user ? <UserTrialCard userId={user.id} /> : <TrialCard status={noTrial} loading />}

        <DashboardSection heading="Quick actions">
          <div className="mt-4 grid gap-3">
            <Link to="/training-library" className={quickActionClass}>
              <BookOpen aria-hidden />
              Browse All Training Modules
            </Link>
            <Link to="/book-demo" className={quickActionClass}>
              <CalendarDays aria-hidden />
              Book a Demo
            </Link>
            <Link to="/account/security" className={quickActionClass}>
              <KeyRound aria-hidden />
              Account security
            </Link>
            <Button variant="outline" className="justify-start" onClick={() => void signOut()}>
              <LogOut aria-hidden />
              Sign Out
            </Button>
          </div>
        </DashboardSection>
      </div>

      {user ? (
        <Suspense fallback={null}>
          <AssignedToYou userId={user.id} />
        </Suspense>
      ) : null}

      <div className="mt-6">{user ? <UserLearning userId={user.id} /> : <MyLearningLoading />}</div>

      <div className="mt-6">
        {user ? (
          <Suspense fallback={<MyCertificatesLoading />}>
            <MyCertificates userId={user.id} />
          </Suspense>
        ) : (
          <MyCertificatesLoading />
        )}
      </div>
    </div>
  );
}

function UserTrialCard({ userId }: { userId: string }) {
  const { status, loading } = useTrialStatus(userId);
  return <TrialCard status={status} loading={loading} />;
}

/** My learning lists the trial modules while the trial is active: it waits for the trial status. */
function UserLearning({ userId }: { userId: string }) {
  const { status, loading } = useTrialStatus(userId);
  return (
    <Suspense fallback={<MyLearningLoading />}>
      <MyLearning userId={userId} trialActive={loading ? undefined : status.active} />
    </Suspense>
  );
}
