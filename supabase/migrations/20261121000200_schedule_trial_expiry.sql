-- Trials whose time is up move to expired_trials every five minutes.
create extension if not exists pg_cron with schema pg_catalog;

select cron.schedule('expire-lapsed-trials', '*/5 * * * *', 'select public.expire_lapsed_trials()');
