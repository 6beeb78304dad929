import { describe, expect, it, vi } from 'vitest';
import { attachToaster, setToasterMount, toast } from './toast';

describe('toast', () => {
  it('asks for the toaster once, queues until it is attached, then delivers directly', () => {
    const requested = vi.fn();
    setToasterMount(requested);

    toast.error('Sign in failed', 'Invalid login credentials');
    toast.success('Signed in successfully!');
    expect(requested).toHaveBeenCalledTimes(1);

    const shown = vi.fn();
    const detach = attachToaster(shown);
    expect(shown.mock.calls).toEqual([
      [
        {
          variant: 'destructive',
          title: 'Sign in failed',
          description: 'Invalid login credentials',
        },
      ],
      [{ variant: 'success', title: 'Signed in successfully!', description: undefined }],
    ]);

    toast.success('Signed out successfully');
    expect(shown).toHaveBeenLastCalledWith({
      variant: 'success',
      title: 'Signed out successfully',
      description: undefined,
    });
    detach();
  });
});
