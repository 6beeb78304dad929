import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { signInWithProvider } from '@/lib/auth/api';
import {
  externalProviderNames,
  signInFailedTitle,
  type ExternalProvider,
} from '@/lib/auth/externalProviders';

const marks: Record<ExternalProvider, () => React.JSX.Element> = {
  google: GoogleMark,
  azure: MicrosoftMark,
};

/**
 * 'Sign in with Google' and 'Sign in with Microsoft' (or 'Sign up with …'): each leaves for the
 * provider's consent page; the user comes back to `returnPath` signed in, or to the failure.
 */
export function ExternalSignInButtons({
  verb,
  returnPath,
}: {
  verb: 'Sign in' | 'Sign up';
  returnPath: string;
}) {
  const [leavingFor, setLeavingFor] = useState<ExternalProvider | null>(null);
  const start = async (provider: ExternalProvider) => {
    setLeavingFor(provider);
    const error = await signInWithProvider(provider, returnPath);
    // On success the browser is already leaving the page.
    if (error) {
      setLeavingFor(null);
      toast.error(signInFailedTitle(provider), error.message);
    }
  };
  return (
    <div className="space-y-3">
      {(['google', 'azure'] as const).map((provider) => {
        const Mark = marks[provider];
        return (
          <Button
            key={provider}
            type="button"
            variant="outline"
            className="w-full"
            disabled={leavingFor !== null}
            onClick={() => void start(provider)}
          >
            <Mark />
            {`${verb} with ${externalProviderNames[provider]}`}
          </Button>
        );
      })}
    </div>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.1a6.6 6.6 0 0 1 0-4.2V7.06H2.18a11 11 0 0 0 0 9.88l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.96 10.96 0 0 0 12 1 11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.3 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}

/** Microsoft's four squares, drawn in the same 24-unit box as Google's mark so the two match. */
function MicrosoftMark() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5">
      <path fill="#F25022" d="M2 2h9.5v9.5H2z" />
      <path fill="#7FBA00" d="M12.5 2H22v9.5h-9.5z" />
      <path fill="#00A4EF" d="M2 12.5h9.5V22H2z" />
      <path fill="#FFB900" d="M12.5 12.5H22V22h-9.5z" />
    </svg>
  );
}

export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-sm text-muted-foreground">
      <span aria-hidden className="h-px flex-1 bg-border" />
      or
      <span aria-hidden className="h-px flex-1 bg-border" />
    </div>
  );
}
