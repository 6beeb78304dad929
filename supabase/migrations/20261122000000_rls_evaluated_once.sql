-- The read policies called auth.uid() and private.is_admin() once per row. Wrapped in a scalar
-- subquery, Postgres evaluates each once per statement (an InitPlan), as Supabase recommends: an
-- admin's page of 10,000 users no longer runs 10,000 admin lookups for its count.

alter policy "users read their own profile; admins read all" on public.profiles
  using (id = (select auth.uid()) or (select private.is_admin()));

alter policy "users read their own roles; admins read all" on public.user_roles
  using (user_id = (select auth.uid()) or (select private.is_admin()));

alter policy "users read their own notifications" on public.notifications
  using (user_id = (select auth.uid()));

alter policy "users mark their own notifications read" on public.notifications
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and read and read_at is not null);

alter policy "users read their own trial requests; admins read all" on public.pending_trials
  using (user_id = (select auth.uid()) or (select private.is_admin()));

alter policy "admins reject pending requests" on public.pending_trials
  using ((select private.is_admin()) and status = 'pending');

alter policy "users read their own active trial; admins read all" on public.active_trial_users
  using (user_id = (select auth.uid()) or (select private.is_admin()));

alter policy "users read their own expired trials; admins read all" on public.expired_trials
  using (user_id = (select auth.uid()) or (select private.is_admin()));

alter policy "users read their own unlocks; admins read all" on public.module_unlocks
  using (user_id = (select auth.uid()) or (select private.is_admin()));
