import { ProfileMenu } from '@/features/auth/components/ProfileMenu';
import { NotificationBell } from '@/features/notifications/components/NotificationBell';

/** The signed-in end of the header, loaded only for signed-in users. */
export default function SignedInControls() {
  return (
    <>
      <NotificationBell />
      <ProfileMenu />
    </>
  );
}
