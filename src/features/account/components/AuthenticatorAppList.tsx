import { useEffect, useRef, useState } from 'react';
import { Smartphone } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  accountSecurityToasts,
  removeApp as copy,
  twoFactorSection,
} from '@/content/accountSecurity';
import { toast } from '@/lib/toast';
import { formatDate } from '@/lib/dates';
import { failureMessage, type AuthenticatorApp } from '../api';
import { useRemoveAuthenticatorApp } from '../hooks';
import { CodeConfirmForm } from './CodeConfirmForm';

/**
 * The user's authenticator apps, each with Remove, which asks for a current code from that app
 * first. `onRemoved` runs once the app is gone (focus then has to go somewhere).
 */
export function AuthenticatorAppList({
  userId,
  apps,
  onRemoved,
}: {
  userId: string;
  apps: AuthenticatorApp[];
  onRemoved: () => void;
}) {
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = useRemoveAuthenticatorApp(userId);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);

  // A cancelled removal gives focus back to the app's Remove button, once it is there again.
  useEffect(() => {
    if (removing !== null || refocus.current === null) return;
    removeButtons.current.get(refocus.current)?.focus();
    refocus.current = null;
  }, [removing]);

  const cancelRemoval = (appId: string) => {
    refocus.current = appId;
    setRemoving(null);
  };

  const onConfirm = async (app: AuthenticatorApp, code: string) => {
    try {
      const outcome = await remove.mutateAsync({ factorId: app.id, code });
      if (outcome === 'accepted') {
        if (apps.length === 1) {
          toast.success(accountSecurityToasts.removed.title, accountSecurityToasts.removedLast);
        } else toast.success(accountSecurityToasts.removed.title);
        setRemoving(null);
        onRemoved();
      }
      return outcome;
    } catch (error) {
      toast.error(accountSecurityToasts.removeFailed, failureMessage(error));
      return 'failed' as const;
    }
  };

  return (
    <ul aria-label={twoFactorSection.listLabel} className="divide-y rounded-xl border bg-card">
      {apps.map((app) => (
        <li key={app.id} className="space-y-4 p-4 sm:p-5">
          <div className="flex flex-wrap items-center gap-3">
            <Smartphone aria-hidden className="h-6 w-6 shrink-0 text-primary" />
            <div className="min-w-0 flex-1">
              <p className="font-medium">{app.name}</p>
              <p className="text-sm text-muted-foreground">
                {twoFactorSection.added(formatDate(app.createdAt))}
              </p>
            </div>
            {removing === app.id ? null : (
              <Button
                ref={(button) => {
                  if (!button) return;
                  removeButtons.current.set(app.id, button);
                  return () => {
                    removeButtons.current.delete(app.id);
                  };
                }}
                type="button"
                variant="outline"
                aria-label={copy.buttonName(app.name)}
                onClick={() => setRemoving(app.id)}
              >
                {copy.buttonLabel}
              </Button>
            )}
          </div>
          {removing === app.id ? (
            <div className="space-y-3 rounded-lg bg-secondary p-4">
              <p className="text-sm">{copy.prompt}</p>
              <CodeConfirmForm
                label={copy.codeLabel}
                submitLabel={copy.confirmLabel}
                busyLabel={copy.busyLabel}
                cancelLabel={copy.cancelLabel}
                destructive
                focusOnMount
                onConfirm={(code) => onConfirm(app, code)}
                onCancel={() => cancelRemoval(app.id)}
              />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
