/** Notifications arrive live, and only on their owner's channel. */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { newUser, seeded, signedIn } from './project';

const channels: RealtimeChannel[] = [];

afterAll(async () => {
  await Promise.all(channels.map((channel) => channel.unsubscribe()));
});

/** Subscribes to every notification INSERT the client may see and collects their titles. */
async function listen(client: SupabaseClient, name: string): Promise<string[]> {
  const { data } = await client.auth.getSession();
  await client.realtime.setAuth(data.session?.access_token ?? null);
  const titles: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const channel = client
      .channel(name)
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'notifications' },
        (payload) => {
          titles.push((payload.new as { title: string }).title);
        },
      )
      .subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve();
        if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT')
          reject(error ?? new Error(status));
      });
    channels.push(channel);
  });
  return titles;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('notifications over realtime', () => {
  it("an approval's notification reaches that user's channel and no other user's", async () => {
    const admin = await signedIn(seeded.admin.email);
    const applicant = await newUser('Live Applicant');
    const bystander = await newUser('Live Bystander');
    const { data: request } = await applicant.client
      .from('pending_trials')
      .insert({
        first_name: 'Live',
        last_name: 'Applicant',
        email: applicant.email,
        status: 'pending',
      })
      .select('id')
      .single();
    const { data: bystanderRequest } = await bystander.client
      .from('pending_trials')
      .insert({
        first_name: 'Live',
        last_name: 'Bystander',
        email: bystander.email,
        status: 'pending',
      })
      .select('id')
      .single();

    const applicantSees = await listen(applicant.client, 'applicant-notifications');
    const bystanderSees = await listen(bystander.client, 'bystander-notifications');

    expect((await admin.rpc('approve_trial', { trial_id: request?.id })).error).toBeNull();
    await until(() => applicantSees.length === 1, "the applicant's notification");
    expect(applicantSees).toEqual(['Trial approved']);

    // The bystander's own rejection arrives after the approval: by then the approval, had it leaked,
    // would have arrived too.
    await admin
      .from('pending_trials')
      .update({ status: 'rejected' })
      .eq('id', bystanderRequest?.id);
    await until(() => bystanderSees.length >= 1, "the bystander's own notification");
    expect(bystanderSees).toEqual(['Trial request declined']);
    expect(applicantSees).toEqual(['Trial approved']);
  });
});
