import { queryOptions } from '@tanstack/react-query';
import { loadReader } from '@/lib/loadReader';
import { queryKeys } from '@/lib/queryKeys';

/** The user's name as their profile holds it (RLS: their own row). */
async function fetchProfileName(userId: string, signal: AbortSignal): Promise<string> {
  const supabase = await loadReader();
  const { data, error } = await supabase
    .from('profiles')
    .select('name')
    .eq('id', userId)
    .abortSignal(signal)
    .single();
  if (error) throw error;
  return data.name;
}

/** The name /account shows and the certificates' PDF is made out to. */
export function profileNameQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.profileName(userId),
    queryFn: ({ signal }) => fetchProfileName(userId, signal),
    meta: { errorMessage: 'Error loading your name:' },
  });
}
