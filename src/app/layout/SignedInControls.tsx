import { QueryClientProvider } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/AuthProvider';
import { ProfileMenu } from '@/features/auth/components/ProfileMenu';
import { NotificationBell } from '@/features/notifications/components/NotificationBell';
import { queryClient } from '@/lib/queryClient';

/**
 * The signed-in end of the header, loaded only for signed-in users. It shares the portal pages'
 * query cache (the header sits outside them, on every page).
 */
export default function SignedInControls() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <QueryClientProvider client={queryClient}>
      <NotificationBell userId={user.id} />
      <ProfileMenu />
    </QueryClientProvider>
  );
}
