import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { FormField } from '@/components/form/FormField';
import { PrivacyLine } from '@/components/form/PrivacyLine';
import { useZodForm } from '@/components/form/useZodForm';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { inviteDialog as copy } from '@/content/organisation';
import { serverMessage } from '@/lib/serverMessage';
import type { Cohort, InviteResultRow, Invitee } from '../api';
import { useInviteMembers, type OrganisationScope } from '../hooks';
import type { InviteCsvError } from '../inviteCsv';
import {
  inviteAddressesSchema,
  inviteesFromAddresses,
  type InviteAddressesValues,
} from '../schemas';
import { InviteResultsTable } from './InviteResultsTable';

type Mode = 'addresses' | 'csv';

/** A chosen CSV file: its people, or why it cannot be sent. */
type CsvFile =
  | { name: string; people: Invitee[]; error?: undefined }
  | { name: string; error: InviteCsvError; people?: undefined };

function csvErrorMessage(error: InviteCsvError): string {
  switch (error.kind) {
    case 'empty':
      return copy.csvErrors.empty;
    case 'noEmailColumn':
      return copy.csvErrors.noEmailColumn;
    case 'tooMany':
      return copy.csvErrors.tooMany(error.rows);
    case 'unreadable':
      return copy.csvErrors.unreadable;
  }
}

const emptyAddresses: InviteAddressesValues = { addresses: '', cohort: '' };

/**
 * Invites people by e-mail: addresses typed (one per line or comma-separated, with an optional
 * cohort for all of them) or a CSV file (email, name, cohort; read in the browser, refused over
 * 500 rows before anything is sent). All of them go to invite_organisation_members at once, and
 * every row's result is shown. The form lives outside the dialog's content, so what was typed
 * stays through a failure and through closing and opening the dialog again.
 */
export function InviteDialog({
  scope,
  cohorts,
  open,
  onOpenChange,
}: {
  scope: OrganisationScope;
  cohorts: readonly Cohort[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [mode, setMode] = useState<Mode>('addresses');
  const [csv, setCsv] = useState<CsvFile | null>(null);
  const [reading, setReading] = useState(false);
  const [fileMissing, setFileMissing] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [results, setResults] = useState<readonly InviteResultRow[] | null>(null);
  const form = useZodForm(inviteAddressesSchema, emptyAddresses);
  const invite = useInviteMembers(scope);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const modeName = useId();
  const errorId = useId();
  const { errors } = form.formState;

  useEffect(() => {
    if (results) resultsHeading.current?.focus();
  }, [results]);

  const send = async (people: Invitee[], onSent: () => void) => {
    setServerError(null);
    try {
      const rows = await invite.mutateAsync(people);
      onSent();
      setResults(rows);
    } catch (error) {
      // Nothing was sent (one transaction): the list stays as typed, or the file as chosen.
      setServerError(serverMessage(error) ?? copy.errors.failed);
    }
  };

  const sendAddresses = form.handleSubmit((values) =>
    send(inviteesFromAddresses(values), () => form.reset(emptyAddresses)),
  );

  const sendCsv = () => {
    if (!csv) setFileMissing(true);
    if (!csv?.people) return;
    void send(csv.people, () => setCsv(null));
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setServerError(null);
    setFileMissing(false);
    if (!file) {
      setCsv(null);
      return;
    }
    setReading(true);
    try {
      const [{ parseInviteCsv }, text] = await Promise.all([import('../inviteCsv'), file.text()]);
      const parsed = parseInviteCsv(text);
      setCsv(
        parsed.ok
          ? { name: file.name, people: parsed.people }
          : { name: file.name, error: parsed.error },
      );
    } catch {
      setCsv({ name: file.name, error: { kind: 'unreadable' } });
    } finally {
      setReading(false);
    }
  };

  const busy = invite.isPending;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{copy.title}</DialogTitle>
          <DialogDescription>{copy.description}</DialogDescription>
        </DialogHeader>

        {results ? (
          <div className="space-y-4">
            <InviteResultsTable rows={results} headingRef={resultsHeading} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setResults(null)}>
                {copy.inviteMore}
              </Button>
              <Button type="button" onClick={() => onOpenChange(false)}>
                {copy.close}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <div className="space-y-5">
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">{copy.modeLabel}</legend>
              <div className="flex flex-wrap gap-4">
                {(['addresses', 'csv'] as const).map((option) => (
                  <label key={option} className="flex min-h-6 items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={modeName}
                      value={option}
                      checked={mode === option}
                      onChange={() => {
                        setMode(option);
                        setServerError(null);
                      }}
                      className="h-4 w-4 accent-primary"
                    />
                    {copy.modes[option]}
                  </label>
                ))}
              </div>
            </fieldset>

            {mode === 'addresses' ? (
              <form
                noValidate
                onSubmit={(event) => void sendAddresses(event)}
                className="space-y-5"
                aria-describedby={serverError ? errorId : undefined}
              >
                <FormField
                  label={copy.addressesLabel}
                  hint={copy.addressesHint}
                  error={errors.addresses?.message}
                >
                  {(control) => (
                    <Textarea
                      {...control}
                      {...form.register('addresses')}
                      rows={6}
                      autoComplete="off"
                      spellCheck={false}
                    />
                  )}
                </FormField>
                <FormField label={copy.cohortLabel} hint={copy.cohortHint}>
                  {(control) => (
                    <NativeSelect {...control} {...form.register('cohort')} className="w-full">
                      <option value="">{copy.noCohort}</option>
                      {cohorts.map((cohort) => (
                        <option key={cohort.id} value={cohort.name}>
                          {cohort.name}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
                <PrivacyLine purpose={copy.privacy} />
                <Footer
                  errorId={errorId}
                  serverError={serverError}
                  busy={busy}
                  onCancel={() => onOpenChange(false)}
                />
              </form>
            ) : (
              <form
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  sendCsv();
                }}
                className="space-y-5"
              >
                <FormField
                  label={copy.fileLabel}
                  hint={copy.fileHint}
                  error={
                    csv?.error
                      ? csvErrorMessage(csv.error)
                      : fileMissing
                        ? copy.errors.noFile
                        : undefined
                  }
                >
                  {(control) => (
                    <input
                      {...control}
                      type="file"
                      accept=".csv,text/csv"
                      onChange={(event) => void chooseFile(event)}
                      className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium"
                    />
                  )}
                </FormField>
                <p role="status" className="text-sm text-muted-foreground">
                  {reading
                    ? copy.fileReading
                    : csv?.people
                      ? copy.fileRead(csv.people.length, csv.name)
                      : ''}
                </p>
                <PrivacyLine purpose={copy.privacy} />
                <Footer
                  errorId={errorId}
                  serverError={serverError}
                  busy={busy || reading}
                  onCancel={() => onOpenChange(false)}
                />
              </form>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Footer({
  errorId,
  serverError,
  busy,
  onCancel,
}: {
  errorId: string;
  serverError: string | null;
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      {serverError ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {serverError}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {copy.cancel}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? copy.sending : copy.send}
        </Button>
      </DialogFooter>
    </>
  );
}
