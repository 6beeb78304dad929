import { useId, useState, type FormEvent } from 'react';
import { PrivacyLine } from '@/components/form/PrivacyLine';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { leadDialog as copy, leadsPage } from '@/content/sales';
import { Constants } from '@/lib/database.types';
import { formatDateTime } from '@/lib/dates';
import type { Lead, LeadStatus } from '../api';
import { useUpdateLead } from '../hooks';

const statuses = Constants.public.Enums.leads_status;
const NOTE_LIMIT = 2000;

/** A lead in full: its message, and the form that records how it was followed up. */
export function LeadDialog({ lead, onClose }: { lead: Lead | null; onClose: () => void }) {
  return (
    <Dialog open={lead !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        {lead ? <LeadDetails key={lead.id} lead={lead} onSaved={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function LeadDetails({ lead, onSaved }: { lead: Lead; onSaved: () => void }) {
  const [status, setStatus] = useState<LeadStatus>(lead.status);
  const [note, setNote] = useState(lead.note);
  const { save, saving } = useUpdateLead();
  const noteId = useId();
  const noteHintId = useId();
  const noteErrorId = useId();
  const tooLong = note.length > NOTE_LIMIT;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    void save(lead, status, note).then((saved) => (saved ? onSaved() : undefined));
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>
          {lead.first_name} {lead.last_name}
        </DialogTitle>
        <DialogDescription>{copy.received(formatDateTime(lead.created_at))}</DialogDescription>
      </DialogHeader>
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="font-semibold">{copy.emailLabel}</dt>
          <dd className="break-all">
            <a className="text-primary underline" href={`mailto:${lead.email}`}>
              {lead.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-semibold">{copy.subjectLabel}</dt>
          <dd>{lead.subject}</dd>
        </div>
        <div>
          <dt className="font-semibold">{copy.messageLabel}</dt>
          <dd className="whitespace-pre-wrap break-words rounded-md bg-muted p-3">
            {lead.message}
          </dd>
        </div>
      </dl>
      <form onSubmit={submit} className="space-y-4">
        <fieldset>
          <legend className="text-sm font-semibold">{copy.statusLegend}</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {statuses.map((value) => (
              <label key={value} className="flex min-h-6 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="lead-status"
                  value={value}
                  checked={status === value}
                  onChange={() => setStatus(value)}
                  className="h-4 w-4 accent-primary"
                />
                {leadsPage.statuses[value]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="space-y-2">
          <label htmlFor={noteId} className="text-sm font-semibold">
            {copy.noteLabel}
          </label>
          <p id={noteHintId} className="text-sm text-muted-foreground">
            {copy.noteHint}
          </p>
          <Textarea
            id={noteId}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            aria-describedby={tooLong ? `${noteHintId} ${noteErrorId}` : noteHintId}
            aria-invalid={tooLong}
            rows={4}
          />
          {tooLong ? (
            <p id={noteErrorId} className="text-sm font-medium text-destructive">
              {copy.noteTooLong}
            </p>
          ) : null}
          {lead.updated_at !== lead.created_at ? (
            <p className="text-xs text-muted-foreground">
              {copy.lastUpdated(formatDateTime(lead.updated_at))}
            </p>
          ) : null}
        </div>
        <PrivacyLine purpose={copy.privacy} />
        <DialogFooter>
          <Button type="submit" disabled={saving}>
            {saving ? copy.saving : copy.save}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
