import { Check, X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { passwordRequirements } from '../schemas';

/** The live list of password rules, each ticked as soon as the typed password meets it. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <ul id={id} aria-label="Password requirements" className="space-y-1.5 text-sm">
      {passwordRequirements.map((requirement) => {
        const met = requirement.test(password);
        return (
          <li
            key={requirement.label}
            className={cn(
              'flex items-center gap-2',
              met ? 'text-success' : 'text-muted-foreground',
            )}
          >
            {met ? (
              <Check aria-hidden className="h-4 w-4" />
            ) : (
              <X aria-hidden className="h-4 w-4" />
            )}
            {requirement.label}
            <span className="sr-only">{met ? '(met)' : '(not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
