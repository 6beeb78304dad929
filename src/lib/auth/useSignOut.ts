import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { signOut } from './api';

/** Logout everywhere it is offered: sign out, then home with a confirmation. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    const error = await signOut();
    if (error) {
      toast.error('Sign out failed', error.message);
      return;
    }
    void navigate('/');
    toast.success('Signed out successfully');
  };
}
