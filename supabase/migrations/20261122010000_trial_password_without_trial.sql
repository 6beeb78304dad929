-- A signed-in user without a pending or active trial simply has no trial password: the confirmation
-- page asks for one and shows how to request a trial. An answer of null (not an error) keeps that
-- ordinary case out of the error logs; visitors are still refused, since the function is granted to
-- authenticated users only.
create or replace function public.trial_password() returns text
language plpgsql stable security definer set search_path = '' as $$
begin
  if auth.uid() is null or not (
    private.has_active_trial()
    or exists (select 1 from public.pending_trials where user_id = auth.uid() and status = 'pending')
  ) then
    return null;
  end if;
  return (select value from private.settings where key = 'trial_password');
end;
$$;
