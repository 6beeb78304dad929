import { CircleCheck, CircleX } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { certificateStatusLabels } from '@/content/myCertificates';

/** 'Valid' or 'Revoked', in words and with an icon: never by colour alone. */
export function CertificateStatusBadge({ revoked }: { revoked: boolean }) {
  return revoked ? (
    <Badge variant="destructive">
      <CircleX aria-hidden className="h-3.5 w-3.5" />
      {certificateStatusLabels.revoked}
    </Badge>
  ) : (
    <Badge variant="secondary">
      <CircleCheck aria-hidden className="h-3.5 w-3.5" />
      {certificateStatusLabels.valid}
    </Badge>
  );
}
