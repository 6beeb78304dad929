import type { RefObject } from 'react';
import { RecordDialog } from '@/components/form/FormDialog';
import { inviteManagerForm } from '@/content/organisationsAdmin';
import type { AdminOrganisation } from '../adminApi';
import type { InviteManagerValues } from '../adminSchemas';
import { AdminInviteManagerForm } from './AdminInviteManagerForm';
import { EditOrganisationForm, NewOrganisationForm } from './AdminOrganisationForm';

/**
 * What the page's dialog shows: a new organisation, an organisation's details, or the invitation of
 * a manager. Each has an id of its own, so each opening (and the switch from a new organisation
 * whose manager was not invited to inviting them) starts a fresh form.
 */
export type OrganisationDialog =
  | { id: 'new'; mode: 'create' }
  | { id: string; mode: 'edit'; organisation: AdminOrganisation }
  | {
      id: string;
      mode: 'invite';
      organisation: { id: string; name: string };
      /** What was typed for the manager, kept. */
      manager?: InviteManagerValues;
      /** Why the dialog opened by itself. */
      notice?: string;
    };

export const newOrganisationDialog: OrganisationDialog = { id: 'new', mode: 'create' };

export function editOrganisationDialog(organisation: AdminOrganisation): OrganisationDialog {
  return { id: `edit:${organisation.id}`, mode: 'edit', organisation };
}

export function inviteManagerDialog(
  organisation: { id: string; name: string },
  manager?: InviteManagerValues,
  notice?: string,
): OrganisationDialog {
  return {
    id: `invite:${organisation.id}`,
    mode: 'invite',
    organisation: { id: organisation.id, name: organisation.name },
    ...(manager ? { manager } : {}),
    ...(notice ? { notice } : {}),
  };
}

/**
 * The page's one dialog, open while `dialog` is given; when it closes, focus goes back to `opener`
 * (the button that opened it) while that is still on the page.
 */
export function AdminOrganisationDialog({
  dialog,
  opener,
  onOpen,
  onClose,
}: {
  dialog: OrganisationDialog | null;
  opener: RefObject<HTMLElement | null>;
  /** Shows another dialog in its place. */
  onOpen: (dialog: OrganisationDialog) => void;
  onClose: () => void;
}) {
  const returnFocus = (event: Event) => {
    const button = opener.current;
    if (!button?.isConnected) return;
    event.preventDefault();
    button.focus();
  };
  return (
    <RecordDialog
      record={dialog}
      onClose={onClose}
      onCloseAutoFocus={returnFocus}
      className="max-w-2xl"
    >
      {(open) => {
        switch (open.mode) {
          case 'create':
            return (
              <NewOrganisationForm
                onCreated={onClose}
                onNotInvited={(organisation, manager, reason) =>
                  onOpen(
                    inviteManagerDialog(
                      organisation,
                      manager,
                      inviteManagerForm.createdNotInvited(organisation.name, reason),
                    ),
                  )
                }
              />
            );
          case 'edit':
            return <EditOrganisationForm organisation={open.organisation} onSaved={onClose} />;
          case 'invite':
            return (
              <AdminInviteManagerForm
                organisation={open.organisation}
                initial={open.manager}
                notice={open.notice}
                onInvited={onClose}
              />
            );
        }
      }}
    </RecordDialog>
  );
}
