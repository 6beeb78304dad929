import { Badge, type BadgeProps } from '@/components/ui/badge';
import { leadsPage } from '@/content/sales';
import type { LeadStatus } from '../api';

const variants: Record<LeadStatus, BadgeProps['variant']> = {
  new: 'default',
  contacted: 'secondary',
  closed: 'outline',
};

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <Badge variant={variants[status]}>{leadsPage.statuses[status]}</Badge>;
}
