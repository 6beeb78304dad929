-- Sequences behind identity columns need no grant: inserting a row takes its next value with the
-- table's privileges. Projects on the legacy default privileges still granted every new sequence to
-- service_role (20261123000000 revoked the defaults from anon, authenticated and public only), so
-- admin_audit_log's sequence was granted there and nowhere else. Now no API role holds a sequence,
-- whatever the default privileges, and none will be granted one by default.
alter default privileges for role postgres in schema public
  revoke all on sequences from service_role;
revoke all on all sequences in schema public from anon, authenticated, service_role, public;
