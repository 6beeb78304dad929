import { Button } from '@/components/ui/button';
import { ConfirmAction } from './ConfirmAction';

/**
 * A list row's Revoke button, behind a destructive confirmation that says what stops working.
 * `accessibleLabel` names the row, as the button's visible label alone does not.
 */
export function RevokeButton({
  label,
  accessibleLabel,
  confirmation,
  disabled,
  onConfirm,
}: {
  label: string;
  accessibleLabel: string;
  confirmation: { title: string; description: string; confirmLabel: string };
  disabled: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmAction
      trigger={
        <Button variant="outline" size="sm" disabled={disabled} aria-label={accessibleLabel}>
          {label}
        </Button>
      }
      title={confirmation.title}
      description={confirmation.description}
      confirmLabel={confirmation.confirmLabel}
      destructive
      onConfirm={onConfirm}
    />
  );
}
