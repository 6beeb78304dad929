import { useId } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { downloadData as copy } from '@/content/account';
import { serverMessage } from '@/lib/serverMessage';
import { toast } from '@/lib/toast';
import { downloadMyData } from '../dataRights';

/** 'Your data': everything Revolve holds about the user, as a zip of JSON and CSV files. */
export function DownloadDataSection() {
  const headingId = useId();
  const download = useMutation({
    mutationFn: () => downloadMyData(),
    meta: { errorMessage: 'Error downloading the account data:' },
    onSuccess: () => toast.success(copy.done.title, copy.done.description),
    onError: (error) => toast.error(copy.failed, serverMessage(error) ?? copy.failedDescription),
  });
  return (
    <section aria-labelledby={headingId} className="rounded-xl border bg-card p-6">
      <h2 id={headingId} className="text-xl font-semibold">
        {copy.heading}
      </h2>
      <p className="mt-2 text-muted-foreground">{copy.intro}</p>
      <p className="mt-2 text-muted-foreground">{copy.format}</p>
      <Button
        type="button"
        className="mt-5"
        disabled={download.isPending}
        onClick={() => download.mutate()}
      >
        <Download aria-hidden />
        {download.isPending ? copy.busy : copy.button}
      </Button>
    </section>
  );
}
