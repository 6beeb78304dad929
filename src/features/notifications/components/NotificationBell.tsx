import { Bell } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

/** The notification bell. Its list and live updates arrive with the notifications feature. */
export function NotificationBell() {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Notifications">
          <Bell aria-hidden className="!size-6" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent portalled={false} align="end" className="w-72">
        <DropdownMenuLabel>Notifications</DropdownMenuLabel>
        <DropdownMenuItem disabled>No notifications yet</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
