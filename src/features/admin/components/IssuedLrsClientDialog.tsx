import { issuedLrsClientDialog as copy } from '@/content/integrations';
import type { IssuedLrsClient } from '../api';
import { lrsEndpointUrl } from '@/lib/lrsEndpoint';
import { CopyableValue } from './CopyableValue';
import { ShownOnceContent, ShownOnceDialog } from './ShownOnceDialog';

/** HTTP Basic's credentials, `key:secret` in Base64 (both are ASCII: hex). */
function basicAuthorization(key: string, secret: string): string {
  return `Basic ${btoa(`${key}:${secret}`)}`;
}

/**
 * The one showing of a new LRS client's secret, with the endpoint and key the tool needs beside it
 * and the Authorization header they make, each with a copy button.
 */
export function IssuedLrsClientDialog({
  issued,
  onClose,
}: {
  issued: IssuedLrsClient | null;
  onClose: () => void;
}) {
  return (
    <ShownOnceDialog open={issued !== null} onClose={onClose}>
      {issued ? <IssuedClient key={issued.lrs_client.id} issued={issued} /> : null}
    </ShownOnceDialog>
  );
}

function IssuedClient({ issued: { secret, lrs_client: client } }: { issued: IssuedLrsClient }) {
  return (
    <ShownOnceContent
      title={copy.title}
      description={copy.description(client.name)}
      notShownAgain={copy.notShownAgain}
      doneLabel={copy.doneLabel}
    >
      <div className="space-y-4">
        <CopyableValue value={lrsEndpointUrl} copy={copy.endpoint} />
        <CopyableValue value={client.key} copy={copy.key} />
        <CopyableValue value={secret} copy={copy.secret} />
        <CopyableValue
          value={basicAuthorization(client.key, secret)}
          copy={copy.header}
          hint={copy.headerHint}
        />
      </div>
    </ShownOnceContent>
  );
}
