-- What Supabase's Security Advisor (splinter) flagged, fixed; the warnings it keeps showing on
-- purpose are listed in supabase/README.md and pinned by supabase/tests/advisor.test.ts.

-- unindexed_foreign_keys: deleting a trial request (set null here) or an account (set null on the
-- codes it created) scanned the whole referencing table for each row deleted.
create index active_trial_users_trial_request_idx on public.active_trial_users (trial_request_id);
create index access_codes_created_by_idx on public.access_codes (created_by);

-- no_primary_key: no column or pair of columns identifies an attempt (a test, or an operator
-- clearing a lock-out, may give several the same time), so the key is a surrogate. An identity is
-- drawn outside the transaction, so the per-user lock in unlock_module() is all that orders
-- parallel guesses, as before.
alter table private.unlock_attempts
  add column id bigint generated always as identity primary key;
revoke all on sequence private.unlock_attempts_id_seq from public, anon, authenticated, service_role;
