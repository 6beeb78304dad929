import { useEffect, useId, useRef } from 'react';
import { accountSecurityToasts, enrolmentPanel as copy } from '@/content/accountSecurity';
import { toast } from '@/lib/toast';
import { failureMessage, type Enrolment } from '../api';
import { useConfirmEnrolment } from '../hooks';
import { CodeConfirmForm } from './CodeConfirmForm';
import { SetupKey } from './SetupKey';

/**
 * Setting up an authenticator app: the QR code, the same secret as text, and the first code, which
 * turns two-factor sign-in on (then `onEnabled` runs).
 */
export function EnrolmentPanel({
  userId,
  enrolment,
  onEnabled,
  onCancel,
}: {
  userId: string;
  enrolment: Enrolment;
  onEnabled: () => void;
  onCancel: () => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const confirm = useConfirmEnrolment(userId);

  useEffect(() => heading.current?.focus(), []);

  const onConfirm = async (code: string) => {
    try {
      const outcome = await confirm.mutateAsync({ factorId: enrolment.factorId, code });
      if (outcome === 'accepted') {
        toast.success(
          accountSecurityToasts.enabled.title,
          accountSecurityToasts.enabled.description,
        );
        onEnabled();
      }
      return outcome;
    } catch (error) {
      toast.error(accountSecurityToasts.confirmFailed, failureMessage(error));
      return 'failed' as const;
    }
  };

  return (
    <section aria-labelledby={headingId} className="space-y-5 rounded-xl border bg-card p-5 sm:p-6">
      <h3
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold text-brand-ink focus:outline-none"
      >
        {copy.heading}
      </h3>
      <ol className="list-decimal space-y-5 pl-5 marker:font-semibold">
        <li className="space-y-3">
          <p>{copy.scanStep}</p>
          <img
            src={enrolment.qrCode}
            alt={copy.qrAlt}
            width={240}
            height={240}
            className="h-60 w-60 rounded-md border bg-white"
          />
        </li>
        <li className="space-y-3">
          <p>{copy.keyStep}</p>
          <SetupKey secret={enrolment.secret} />
        </li>
        <li className="space-y-3">
          <p>{copy.codeStep}</p>
          <CodeConfirmForm
            label={copy.codeLabel}
            submitLabel={copy.confirmLabel}
            busyLabel={copy.confirmBusyLabel}
            cancelLabel={copy.cancelLabel}
            onConfirm={onConfirm}
            onCancel={onCancel}
          />
        </li>
      </ol>
    </section>
  );
}
