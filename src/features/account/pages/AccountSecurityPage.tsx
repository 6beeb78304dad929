import { useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  accountSecurityPage,
  accountSecurityToasts,
  twoFactorSection as copy,
} from '@/content/accountSecurity';
import { adminSecondFactor } from '@/content/twoFactor';
import { useAuth } from '@/lib/auth/AuthProvider';
import { safeReturnTo } from '@/lib/auth/returnTo';
import { toast } from '@/lib/toast';
import { failureMessage, type Enrolment } from '../api';
import { AuthenticatorAppList } from '../components/AuthenticatorAppList';
import { EnrolmentPanel } from '../components/EnrolmentPanel';
import { useAuthenticatorApps, useCancelEnrolment, useStartEnrolment } from '../hooks';

/** /account/security (signed in; the route's guard sends anyone else to the login page). */
export default function AccountSecurityPage() {
  const { user, isAdmin, aal } = useAuth();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // An admin sent here by the admin pages' guard goes back there once an app is set up.
  const returnTo = searchParams.has('return_to')
    ? safeReturnTo(searchParams.get('return_to'))
    : null;
  const sentToSetUp = returnTo !== null && isAdmin && aal?.current !== 'aal2';
  return (
    <div className="container max-w-3xl py-12 md:py-16">
      <h1 className="text-4xl font-bold tracking-tight text-brand-ink md:text-5xl">
        {accountSecurityPage.heading}
      </h1>
      <p className="mt-3 text-lg text-muted-foreground">{accountSecurityPage.intro}</p>
      {sentToSetUp ? (
        <p className="mt-6 rounded-lg border border-primary/40 bg-primary/5 p-4 font-medium">
          {adminSecondFactor.notice}
        </p>
      ) : null}
      {user ? (
        <TwoFactorSection
          userId={user.id}
          onEnabled={returnTo ? () => void navigate(returnTo, { replace: true }) : undefined}
        />
      ) : null}
    </div>
  );
}

function TwoFactorSection({
  userId,
  onEnabled,
}: {
  userId: string;
  /** After the first code is accepted, instead of staying on this page. */
  onEnabled?: () => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const apps = useAuthenticatorApps(userId);
  const start = useStartEnrolment();
  const cancel = useCancelEnrolment();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);

  // The control the user was on has gone: the section's heading takes focus.
  const focusSection = () => heading.current?.focus();

  const startEnrolment = () =>
    start.mutate(undefined, {
      onSuccess: setEnrolment,
      onError: (error) => toast.error(accountSecurityToasts.setupFailed, failureMessage(error)),
    });

  const cancelEnrolment = (factorId: string) => {
    setEnrolment(null);
    focusSection();
    // Nothing waits for it: an abandoned setup is harmless, and the next setup removes it anyway.
    cancel.mutate(
      { factorId },
      {
        onError: (error) => toast.error(accountSecurityToasts.cancelFailed, failureMessage(error)),
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="mt-10 space-y-6">
      <h2
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-semibold text-brand-ink focus:outline-none"
      >
        {copy.heading}
      </h2>
      {apps.isPending ? (
        <p role="status" className="text-muted-foreground">
          {copy.loading}
        </p>
      ) : apps.isError ? (
        <div className="space-y-3">
          <p className="font-medium text-destructive">{copy.loadFailed}</p>
          <Button type="button" variant="outline" onClick={() => void apps.refetch()}>
            {copy.retryLabel}
          </Button>
        </div>
      ) : (
        <>
          <Status on={apps.data.length > 0} />
          {apps.data.length > 0 ? (
            <AuthenticatorAppList userId={userId} apps={apps.data} onRemoved={focusSection} />
          ) : null}
          {enrolment ? (
            <EnrolmentPanel
              userId={userId}
              enrolment={enrolment}
              onEnabled={() => {
                setEnrolment(null);
                if (onEnabled) onEnabled();
                else focusSection();
              }}
              onCancel={() => cancelEnrolment(enrolment.factorId)}
            />
          ) : (
            <Button
              type="button"
              variant={apps.data.length > 0 ? 'outline' : 'default'}
              disabled={start.isPending}
              onClick={startEnrolment}
            >
              {start.isPending
                ? copy.startingLabel
                : apps.data.length > 0
                  ? copy.addAnotherLabel
                  : copy.setUpLabel}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function Status({ on }: { on: boolean }) {
  const Icon = on ? ShieldCheck : ShieldOff;
  return (
    <p className="flex items-start gap-3">
      <Icon
        aria-hidden
        className={
          on
            ? 'mt-0.5 h-5 w-5 shrink-0 text-success'
            : 'mt-0.5 h-5 w-5 shrink-0 text-muted-foreground'
        }
      />
      <span>{on ? copy.statusOn : copy.statusOff}</span>
    </p>
  );
}
