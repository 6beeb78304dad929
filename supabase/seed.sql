-- Local development and test data only: never run against a hosted project.
-- Every account's password is Password123. The unlock passwords are revolve360 and its misspelt
-- variant revovle360; the shared trial password shown on the confirmation page is revolve360.

-- GoTrue reads the token columns as strings: a NULL in any of them makes every sign-in of that
-- account fail with a 500, so they are written as empty strings, as GoTrue writes them.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change, email_change_token_new,
  email_change_token_current, reauthentication_token, phone_change, phone_change_token
)
select
  '00000000-0000-0000-0000-000000000000', account.id, 'authenticated', 'authenticated', account.email,
  extensions.crypt('Password123', extensions.gen_salt('bf', 10)), now() - account.age,
  '{"provider": "email", "providers": ["email"]}', jsonb_build_object('name', account.name),
  now() - account.age, now() - account.age,
  '', '', '', '', '', '', '', ''
from (values
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'admin@example.com', 'Alex Admin', interval '90 days'),
  ('a0000000-0000-4000-8000-000000000002'::uuid, 'active@example.com', 'Priya Active', interval '15 days'),
  ('a0000000-0000-4000-8000-000000000003'::uuid, 'expiring@example.com', 'Sam Expiring', interval '30 days'),
  ('a0000000-0000-4000-8000-000000000004'::uuid, 'pending@example.com', 'Jordan Pending', interval '2 days'),
  ('a0000000-0000-4000-8000-000000000005'::uuid, 'retrial@example.com', 'Morgan Retrial', interval '60 days'),
  ('a0000000-0000-4000-8000-000000000006'::uuid, 'expired@example.com', 'Casey Expired', interval '75 days'),
  ('a0000000-0000-4000-8000-000000000007'::uuid, 'new@example.com', 'Robin New', interval '1 day'),
  ('a0000000-0000-4000-8000-000000000008'::uuid, 'manager@example.com', 'Taylor Manager', interval '20 days')
) as account (id, email, name, age);

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select id::text, id,
  jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true, 'phone_verified', false),
  'email', created_at, created_at
from auth.users
where email like '%@example.com';

insert into public.user_roles (user_id, role) values ('a0000000-0000-4000-8000-000000000001', 'admin');

-- Admins need a second factor. The seeded admin's authenticator app has a published secret (local use
-- only: supabase/README.md, and npm run dev prints it), so people and tests can compute its codes.
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
values ('f0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Local authenticator',
  'totp', 'verified', now() - interval '90 days', now() - interval '90 days', 'REVOLVEADMINLOCALONLYTOTPKEY2345'),
  ('f0000000-0000-4000-8000-000000000008', 'a0000000-0000-4000-8000-000000000008', 'Local authenticator',
  'totp', 'verified', now() - interval '20 days', now() - interval '20 days', 'REVOLVEMANAGERLOCALONLYTOTPKEY23');

insert into public.pending_trials (id, user_id, first_name, last_name, email, status, submitted_at, reviewed_at) values
  ('b0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000002', 'Priya', 'Active', 'active@example.com', 'approved', now() - interval '11 days', now() - interval '10 days'),
  ('b0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000003', 'Sam', 'Expiring', 'expiring@example.com', 'approved', now() - interval '28 days', now() - interval '27 days'),
  ('b0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000004', 'Jordan', 'Pending', 'pending@example.com', 'pending', now() - interval '1 day', null),
  ('b0000000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000006', 'Casey', 'Expired', 'expired@example.com', 'rejected', now() - interval '4 hours', now() - interval '3 hours');

insert into public.active_trial_users (user_id, email, granted_at, expires_at, trial_request_id) values
  ('a0000000-0000-4000-8000-000000000002', 'active@example.com', now() - interval '10 days', now() + interval '20 days', 'b0000000-0000-4000-8000-000000000002'),
  ('a0000000-0000-4000-8000-000000000003', 'expiring@example.com', now() - interval '27 days', now() + interval '3 days', 'b0000000-0000-4000-8000-000000000003');

insert into public.expired_trials (user_id, email, granted_at, expired_at, can_retrial) values
  ('a0000000-0000-4000-8000-000000000005', 'retrial@example.com', now() - interval '45 days', now() - interval '15 days', true),
  ('a0000000-0000-4000-8000-000000000006', 'expired@example.com', now() - interval '60 days', now() - interval '30 days', false);

insert into public.module_unlocks (user_id, module_name, unlocked_at) values
  ('a0000000-0000-4000-8000-000000000002', 'dementia', now() - interval '9 days'),
  ('a0000000-0000-4000-8000-000000000002', 'womens-health', now() - interval '5 days'),
  ('a0000000-0000-4000-8000-000000000003', 'conflict-resolution', now() - interval '20 days'),
  ('a0000000-0000-4000-8000-000000000005', 'dementia', now() - interval '40 days');

insert into public.notifications (user_id, title, message, type, read, read_at, created_at) values
  ('a0000000-0000-4000-8000-000000000002', 'Welcome to Revolve', 'Your account is ready. Request a free trial from your dashboard.', 'info', true, now() - interval '14 days', now() - interval '15 days'),
  ('a0000000-0000-4000-8000-000000000002', 'Trial approved', 'Your 30-day trial is active. Open your Trial Training Library to start.', 'success', false, null, now() - interval '10 days'),
  ('a0000000-0000-4000-8000-000000000003', 'Trial ending soon', 'Your trial ends in 3 days.', 'info', false, null, now() - interval '2 hours'),
  ('a0000000-0000-4000-8000-000000000006', 'Trial ended', 'Your 30-day trial has ended. Please contact us for continued access.', 'info', false, null, now() - interval '30 days'),
  ('a0000000-0000-4000-8000-000000000006', 'Trial request declined', 'Your trial request was not approved this time. Please contact us if you would like to discuss access.', 'error', false, null, now() - interval '3 hours');

insert into private.module_passwords (password_hash) values
  (extensions.crypt('revolve360', extensions.gen_salt('bf', 10))),
  (extensions.crypt('revovle360', extensions.gen_salt('bf', 10)));

insert into private.settings (key, value) values ('trial_password', 'revolve360');

-- Customers (each with a year's term from its first code) and their access codes (published in
-- supabase/README.md): one valid for 25 people, one expired, one revoked. Taylor Manager manages
-- Riverside Care Trust.
insert into public.organisations (id, name, kind, seats, term_starts_on, term_ends_on, created_by, created_at)
select id, name, kind, 50, (now() - age)::date, (now() - age)::date + 365,
  'a0000000-0000-4000-8000-000000000001', now() - age
from (values
  ('c0000000-0000-4000-8000-000000000001'::uuid, 'Riverside Care Trust', 'trust', interval '20 days'),
  ('c0000000-0000-4000-8000-000000000002'::uuid, 'Hillside Surgery', 'gp_practice', interval '40 days'),
  ('c0000000-0000-4000-8000-000000000003'::uuid, 'Northgate Clinic', 'gp_practice', interval '30 days')
) as organisation (id, name, kind, age);

insert into public.access_codes (organisation_id, code_hash, code_hint, expires_at, seat_limit, created_by, created_at, revoked_at)
select organisation_id, private.access_code_hash(code), right(private.normalised_access_code(code), 4),
  now() + expires_in, 25, 'a0000000-0000-4000-8000-000000000001', now() - age, now() - revoked_ago
from (values
  ('c0000000-0000-4000-8000-000000000001'::uuid, 'CARE-TEAM-2345', null::interval, interval '20 days', null::interval),
  ('c0000000-0000-4000-8000-000000000002'::uuid, 'PAST-DATE-6789', interval '-1 day', interval '40 days', null),
  ('c0000000-0000-4000-8000-000000000003'::uuid, 'WARD-SHUT-3478', null, interval '30 days', interval '2 days')
) as code (organisation_id, code, expires_in, age, revoked_ago);

insert into public.organisation_members (organisation_id, user_id, role, joined_at) values
  ('c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000008', 'manager', now() - interval '20 days');

-- The seeded expiring trial was reminded two hours ago (its 'Trial ending soon' notification, and
-- the e-mail the provider accepted), so the hourly reminder job leaves it alone; the expired user
-- was reminded before their trial ended.
insert into public.email_deliveries (kind, subject_id, user_id, created_at, attempts, last_attempt_at, delivered_at)
select 'trial_reminder', t.id, t.user_id, now() - ago, 1, now() - ago, now() - ago
from (values
  ('a0000000-0000-4000-8000-000000000003'::uuid, interval '2 hours'),
  ('a0000000-0000-4000-8000-000000000006'::uuid, interval '33 days')
) as reminded (user_id, ago)
join (
  select id, user_id from public.active_trial_users
  union all
  select id, user_id from public.expired_trials
) as t on t.user_id = reminded.user_id;
