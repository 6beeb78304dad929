-- Admin powers need a second factor (DESIGN.md section 6, MFA): the caller's session must be at
-- aal2, reached with a code from an authenticator app after the password. Every admin read policy,
-- every admin function (through private.assert_admin) and the edge functions' database calls reach
-- private.is_admin, so requiring aal2 here requires it everywhere the database decides.
-- An admin at aal1 still reads their own role (the policy's own-row branch), so the app can tell
-- them to finish signing in rather than calling them a non-admin.

create or replace function private.is_admin(uid uuid default auth.uid()) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.user_roles where user_id = uid and role = 'admin')
    -- The session's assurance level speaks only for the caller; no caller asks about another user.
    and (uid is distinct from auth.uid() or coalesce(auth.jwt() ->> 'aal', '') = 'aal2');
$$;

create or replace function private.assert_admin() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if coalesce(auth.role(), '') = 'service_role' or private.is_admin() then
    return;
  end if;
  if exists (select 1 from public.user_roles where user_id = auth.uid() and role = 'admin') then
    raise exception 'Two-factor authentication required' using errcode = '42501';
  end if;
  raise exception 'Admin privileges are required' using errcode = '42501';
end;
$$;
