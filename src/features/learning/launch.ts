import { FunctionsHttpError } from '@supabase/supabase-js';
import { launchCopy } from '@/content/learning';
import { loadSupabase } from '@/lib/loadSupabase';
import { lrsEndpointUrl } from '@/lib/lrsEndpoint';
import { playerAddress } from '@/lib/playerAddress';

/**
 * Launching a module's player as a cmi5 assignable unit (docs/learning-records.md section 4): the
 * edge function launch-module makes the session and its one-time fetch code; the player's address
 * carries what the player needs to reach the LRS as the learner.
 */

/** What launch-module answers. */
export interface LaunchAnswer {
  registration: string;
  fetchCode: string;
  actor: Record<string, unknown>;
  activityId: string;
  launchMode: 'Normal' | 'Review';
}

/**
 * The player's launch URL: the player address with cmi5's launch parameters as its query. `endpoint`
 * is the LRS's base address, and the fetch URL is under it.
 */
export function launchUrl(
  playerUrl: string,
  launch: Pick<LaunchAnswer, 'registration' | 'fetchCode' | 'actor' | 'activityId'>,
  endpoint: string = lrsEndpointUrl,
): string {
  const query = new URLSearchParams({
    endpoint,
    fetch: `${endpoint}cmi5/fetch/${encodeURIComponent(launch.fetchCode)}`,
    actor: JSON.stringify(launch.actor),
    registration: launch.registration,
    activityId: launch.activityId,
  });
  return `${playerUrl}?${query.toString()}`;
}

/** Why a launch failed, for the learner: refused (403) or anything else. */
export class LaunchError extends Error {
  constructor(
    readonly refused: boolean,
    cause: unknown,
  ) {
    super(refused ? 'launch-module refused the launch' : 'launch-module failed', { cause });
    this.name = 'LaunchError';
  }
}

function isLaunchAnswer(data: unknown): data is LaunchAnswer {
  if (typeof data !== 'object' || data === null) return false;
  const answer = data as Record<string, unknown>;
  return (
    typeof answer.registration === 'string' &&
    typeof answer.fetchCode === 'string' &&
    typeof answer.activityId === 'string' &&
    typeof answer.actor === 'object' &&
    answer.actor !== null &&
    (answer.launchMode === 'Normal' || answer.launchMode === 'Review')
  );
}

/**
 * Launches `slug` for the signed-in user and resolves to the player's launch URL; each call is a new
 * session (its fetch URL works once). Throws a LaunchError.
 */
export async function launchModule(slug: string): Promise<string> {
  const playerUrl = playerAddress(slug);
  const supabase = await loadSupabase();
  const { data, error } = await supabase.functions.invoke<unknown>('launch-module', {
    body: { module: slug, playerUrl },
  });
  if (error) {
    const status = error instanceof FunctionsHttpError ? (error.context as Response).status : 0;
    throw new LaunchError(status === 403, error);
  }
  if (!isLaunchAnswer(data)) throw new LaunchError(false, new Error('Unexpected launch answer'));
  return launchUrl(playerUrl, data);
}

/** What the learner is told when a launch fails. */
export function launchFailureMessage(error: unknown): string {
  if (error instanceof LaunchError && error.refused) return launchCopy.refused;
  return launchCopy.failed;
}
