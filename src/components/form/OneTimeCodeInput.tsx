import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

/**
 * The field for a code from an authenticator app: the numeric keypad on phones, and the browser's
 * or password manager's offer to fill in the code.
 */
export function OneTimeCodeInput(
  props: Omit<ComponentProps<'input'>, 'type' | 'inputMode' | 'autoComplete'>,
) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
      className="max-w-[12rem] font-mono text-lg tracking-[0.3em] md:text-lg"
      {...props}
    />
  );
}
